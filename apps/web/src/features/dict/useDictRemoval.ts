import type { DictEntry } from '@macro/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DictBase, useRemoveDict } from '../../api/dict';

/** Spec §8: transient warnings last 2 seconds. */
const WARNING_SECONDS = 2;

/** Confirms, deletes and reports; one door for single-row and batch deletion. */
export function useDictRemoval(base: DictBase) {
  const { t } = useTranslation('dict');
  const { modal, message } = App.useApp();
  const remove = useRemoveDict(base);

  return (rows: readonly DictEntry[], onRemoved?: (ids: number[]) => void) => {
    if (rows.length === 0) {
      message.warning(t('common:selectFirst'), WARNING_SECONDS);
      return;
    }
    const ids = rows.map((row) => row.id);
    modal.confirm({
      title: t('remove.title'),
      content: rows.length === 1 ? t('remove.one', { name: rows[0].dictValue }) : t('remove.many', { count: rows.length }),
      okText: t('common:delete'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'dict-remove-confirm' },
      onOk: () =>
        remove
          .mutateAsync(ids)
          .then(() => {
            message.success(t('common:deleted'));
            onRemoved?.(ids);
          })
          // The failure toast comes from the query client; the dialog just closes.
          .catch(() => undefined),
    });
  };
}
