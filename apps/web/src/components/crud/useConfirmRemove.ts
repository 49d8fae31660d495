import type { Endpoint } from '@macro/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CallInput, useEndpointMutation } from '../../api/endpoint';
import { cacheRemovedRecords } from './crudCache';
import { WARNING_SECONDS } from '../feedback';

/** Spec §8: transient warnings last 2 seconds. */

export interface ConfirmRemoveOptions<E extends Endpoint, Row> {
  endpoint: E;
  /** The call's input for these ids (e.g. `{ query: { ids: '1,2' } }`). */
  toInput: (ids: number[]) => CallInput<E>;
  /** How the question names one row. */
  nameOf: (row: Row) => string;
  /** Message keys of the question: one row (`{{name}}`), several (`{{count}}`). */
  messages: { one: string; many: string };
  /** Lists the removed rows leave at once (then refetched in the background). */
  lists: readonly Endpoint[];
  /** Other cached queries about the removed rows, dropped rather than refetched (their details). */
  forget?: (key: QueryKey, ids: readonly number[]) => boolean;
  /** Test id of the confirm button. */
  testId?: string;
}

/**
 * Confirm, remove and report: one door for single-row and batch deletion. Returns
 * `confirmRemove(rows, onRemoved?)`; with no rows it asks the user to select some first.
 */
export function useConfirmRemove<E extends Endpoint, Row extends { id: number }>(options: ConfirmRemoveOptions<E, Row>) {
  const { t } = useTranslation('common');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const remove = useEndpointMutation(options.endpoint, {
    toInput: options.toInput,
    onSuccess: (_result, ids: number[]) => cacheRemovedRecords(client, ids, options),
  });

  return (rows: readonly Row[], onRemoved?: (ids: number[]) => void) => {
    if (rows.length === 0) {
      message.warning(t('selectFirst'), WARNING_SECONDS);
      return;
    }
    const ids = rows.map((row) => row.id);
    modal.confirm({
      title: t('crud.removeTitle'),
      content: rows.length === 1 ? t(options.messages.one, { name: options.nameOf(rows[0]) }) : t(options.messages.many, { count: rows.length }),
      okText: t('delete'),
      okType: 'danger',
      cancelText: t('cancel'),
      okButtonProps: options.testId ? { 'data-testid': options.testId } : undefined,
      onOk: () =>
        remove
          .mutateAsync(ids)
          .then(() => {
            message.success(t('deleted'));
            onRemoved?.(ids);
          })
          // The failure toast comes from the query client; the dialog just closes.
          .catch(() => undefined),
    });
  };
}
