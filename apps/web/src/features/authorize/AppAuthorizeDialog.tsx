import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GrantSubject, useAppAuthorize, useAppFuncCategories, useSaveAppAuthorize } from './api';
import { type GrantBranch, GrantTreeModal } from './GrantTreeModal';

/** Which mobile app functions a role or a user may open (the spec's `/authorizes`). */
export function AppAuthorizeDialog({ subject: current, onClose }: { subject: GrantSubject | null; onClose: () => void }) {
  const [subject] = useState(current);
  return subject ? <AppAuthorizeModal subject={subject} open={current !== null} onClose={onClose} /> : null;
}

function AppAuthorizeModal({ subject, open, onClose }: { subject: GrantSubject; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('authorize');
  const { message } = App.useApp();
  const categories = useAppFuncCategories();
  const granted = useAppAuthorize(subject);
  const save = useSaveAppAuthorize();
  const [checked, setChecked] = useState<number[] | null>(null);
  const branches = useMemo<GrantBranch[]>(
    () =>
      (categories.data ?? []).map((c) => ({
        key: `category-${c.category}`,
        title: c.category,
        items: c.functions.map((f) => ({ id: f.id, title: `${f.name} (${f.code})` })),
        children: [],
      })),
    [categories.data],
  );
  const itemIds = checked ?? granted.data?.itemIds ?? [];
  const submit = () =>
    save
      .mutateAsync({ body: { objectId: subject.objectId, objectType: subject.objectType, itemJson: itemIds } })
      .then(() => {
        message.success(t('grant.done'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <GrantTreeModal
      open={open}
      title={t('app.title')}
      subject={t(subject.objectType === 1 ? 'grant.role' : 'grant.user', { name: subject.name })}
      branches={branches}
      checked={itemIds}
      onCheck={setChecked}
      loading={categories.isLoading || granted.isLoading}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      emptyLabel={t('app.empty')}
      treeLabel={t('app.tree')}
      testId="app-authorize-dialog"
    />
  );
}
