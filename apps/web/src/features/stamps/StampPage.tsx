import { STAMP_ENDPOINTS as E, STAMP_PERMISSIONS as P, STAMP_STATUS, type Stamp } from '@macro/contract/stamps';
import { App, Badge, Image, Tag } from 'antd';
import { useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import { FilePreview } from '../../components/FilePreview';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { browserUrl } from '../../api/endpoint';
import { useRemoveStamp, useStampSwitch } from './api';
import { StampDialog, type StampDialogState } from './StampDialog';

interface StampSearch extends Record<string, string | undefined> {
  stampName?: string;
}

/** The browser loads the image itself (the token cookie signs it in); a click opens the file preview dialog. */
function StampThumb({ stamp }: { stamp: Stamp }) {
  const { t } = useTranslation('stamps');
  const [previewing, setPreviewing] = useState(false);
  // Its update time in the address refreshes a replaced image.
  const src = browserUrl(E.imageFile, { id: stamp.id }, { v: stamp.updateTime });
  const alt = t('thumbAlt', { name: stamp.stampName });
  return (
    <>
      <button
        type="button"
        className="stamp-thumb"
        style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in' }}
        onClick={() => setPreviewing(true)}
        title={t('previewImage')}
        data-testid={`stamp-thumb-${stamp.id}`}
      >
        <Image src={src} alt={alt} width={40} height={40} style={{ objectFit: 'contain' }} preview={false} data-testid="stamp-thumb" />
      </button>
      {/* A stamp is always an image (the server accepts nothing else). */}
      <FilePreview file={previewing ? { url: src, name: alt, type: 'image/png' } : null} onClose={() => setPreviewing(false)} />
    </>
  );
}

/** Stamps, private and public: their images, who owns, maintains and signs with them, the default, on and off. */
export function StampPage() {
  const { t } = useTranslation('stamps');
  const { message } = App.useApp();
  const list = useCrudList<typeof E.page, StampSearch>(E.page);
  const confirmRemove = useRemoveStamp();
  const enable = useStampSwitch(E.enable);
  const disable = useStampSwitch(E.disable);
  const setDefault = useStampSwitch(E.setDefault);
  const { dialog, dialogKey, open, close } = useKeyedDialog<StampDialogState>();
  const done = (key: string) => () => message.success(t(key));
  const search: SearchField[] = [{ name: 'stampName', label: t('field.stampName'), placeholder: t('search.namePlaceholder') }];
  const columns: ColumnsType<Stamp> = [
    { key: 'image', title: t('field.image'), width: 72, render: (_, stamp) => <StampThumb stamp={stamp} /> },
    { dataIndex: 'stampName', title: t('field.stampName'), ellipsis: true },
    { dataIndex: 'category', title: t('field.category'), width: 112, render: (value: number) => t(`category.${value}`) },
    { dataIndex: 'ownerName', title: t('field.owner'), width: 120, ellipsis: true },
    {
      key: 'state',
      title: t('field.state'),
      width: 150,
      render: (_, stamp) => (
        <>
          {/* A dot beside plain text: the words keep the page's contrast (axe). */}
          <Badge
            status={stamp.enabled === STAMP_STATUS.enabled ? 'success' : 'default'}
            text={t(stamp.enabled === STAMP_STATUS.enabled ? 'state.enabled' : 'state.disabled')}
            style={{ marginInlineEnd: 8 }}
          />
          {stamp.isDefault ? <Tag color="blue">{t('state.default')}</Tag> : null}
        </>
      ),
    },
  ];
  const rowActions: RowAction<Stamp>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    {
      key: 'enable',
      label: t('action.enable'),
      permission: P.edit,
      show: (row) => row.enabled !== STAMP_STATUS.enabled,
      onClick: (row) => void enable.mutateAsync(row).then(done('done.enabled'), () => undefined),
    },
    {
      key: 'disable',
      label: t('action.disable'),
      permission: P.edit,
      show: (row) => row.enabled === STAMP_STATUS.enabled,
      onClick: (row) => void disable.mutateAsync(row).then(done('done.disabled'), () => undefined),
    },
    {
      key: 'default',
      label: t('action.setDefault'),
      permission: P.edit,
      show: (row) => row.enabled === STAMP_STATUS.enabled && !row.isDefault,
      onClick: (row) => void setDefault.mutateAsync(row).then(done('done.default'), () => undefined),
    },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="stamp-page">
      <CrudList<Stamp, StampSearch>
        testId="stamp"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.stampName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={960}
      />
      <StampDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
