import { type DesktopScheme, VISUAL_OBJECT_TYPES, type VisualObjectType } from '@macro/contract/desktop';
import { Button, Modal, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { PostPicker } from '../../components/PostPicker';
import { RolePicker } from '../../components/RolePicker';
import { UserPicker } from '../../components/UserPicker';
import { useRelationChange, useRelations } from './api';
import './desktop.css';

/** The picker of one kind of object (several at once; a department one by one). */
function ObjectPicker({ type, value, onChange }: { type: VisualObjectType; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('desktop');
  const common = { id: `offer-${type}`, placeholder: t(`offer.pick.${type}`), testId: `offer-picker-${type}` };
  switch (type) {
    case 'user':
      return <UserPicker multiple value={value} onChange={(ids) => onChange(ids ?? [])} {...common} />;
    case 'role':
      return <RolePicker value={value} onChange={onChange} {...common} />;
    case 'post':
      return <PostPicker value={value} onChange={onChange} {...common} />;
    case 'dept':
      return <DeptTreeSelect value={value[0] ?? null} onChange={(id) => onChange(id === null ? [] : [id])} {...common} />;
  }
}

function OfferTab({ scheme, type }: { scheme: DesktopScheme; type: VisualObjectType }) {
  const { t } = useTranslation('desktop');
  const relations = useRelations(scheme.id, type);
  const { relate, unrelate } = useRelationChange();
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <label htmlFor={`offer-${type}`} className="visually-hidden">
          {t(`offer.pick.${type}`)}
        </label>
        <div style={{ flex: 1 }}>
          <ObjectPicker type={type} value={chosen} onChange={setChosen} />
        </div>
        <Button
          type="primary"
          disabled={!chosen.length}
          loading={relate.isPending}
          onClick={() =>
            void relate.mutateAsync({ body: { visualId: scheme.id, objectType: type, objectIds: chosen } }).then(
              () => setChosen([]),
              () => undefined,
            )
          }
          data-testid={`offer-add-${type}`}
        >
          {t('offer.add')}
        </Button>
      </Space.Compact>
      <Table
        size="small"
        rowKey="id"
        loading={relations.isLoading}
        pagination={false}
        dataSource={relations.data ?? []}
        locale={{ emptyText: t('offer.none') }}
        columns={[
          { dataIndex: 'objectName', title: t(`offer.object.${type}`) },
          {
            key: 'remove',
            title: t('common:actions'),
            width: 100,
            render: (_, row) => (
              <Button type="link" danger size="small" onClick={() => unrelate.mutate([row.id])} data-testid={`offer-remove-${row.objectId}`}>
                {t('offer.remove')}
              </Button>
            ),
          },
        ]}
        data-testid={`offer-list-${type}`}
      />
    </>
  );
}

/** Who a home page is offered to: people, roles, posts, departments; offered to none of them, it is everyone's to choose. */
export function OfferDialog({ scheme, onClose }: { scheme: DesktopScheme; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  return (
    <Modal open title={t('offer.title', { name: scheme.name })} onCancel={onClose} footer={null} width={720} destroyOnHidden data-testid="desktop-offer">
      <Typography.Paragraph type="secondary">{t('offer.hint')}</Typography.Paragraph>
      <Tabs items={VISUAL_OBJECT_TYPES.map((type) => ({ key: type, label: t(`offer.object.${type}`), children: <OfferTab scheme={scheme} type={type} /> }))} />
    </Modal>
  );
}
