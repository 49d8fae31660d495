import { type DatabaseDraft, type DatabaseLink, type DraftColumn, databaseDraftSubmit, type ReleasePlan } from '@macro/contract/databaselinks';
import { Alert, App, Button, type ButtonProps, Drawer, Grid, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { SchemaField } from '../../components/crud/SchemaForm';
import { useDrafts, usePlanRelease, useRelease, useRemoveDraft, useSubmitDraft } from './api';
import { ColumnsInput } from './ColumnsInput';

interface DraftFormValues {
  tableName: string;
  comment: string;
  columns: DraftColumn[];
}

const FIRST_COLUMN: DraftColumn = { name: 'id', type: 'bigint', length: null, scale: null, nullable: false, primaryKey: true, defaultValue: '', comment: '' };

/** A link's table designs: kept, edited, and released onto its database after showing what will run. */
export function TableDesigns({ link, onClose }: { link: DatabaseLink | null; onClose: () => void }) {
  const { t } = useTranslation('databaselinks');
  const { modal, message } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  const drafts = useDrafts(link?.id);
  const submit = useSubmitDraft();
  const remove = useRemoveDraft();
  const planRelease = usePlanRelease();
  const release = useRelease();
  const [editing, setEditing] = useState<{ draft?: DatabaseDraft } | null>(null);
  const [plan, setPlan] = useState<{ draft: DatabaseDraft; plan: ReleasePlan } | null>(null);

  const fields: SchemaField[] = [
    { name: 'tableName', label: t('design.tableName'), placeholder: 'orders' },
    { name: 'comment', label: t('design.tableComment') },
    { name: 'columns', label: t('design.columns'), span: 24, render: ({ disabled, testId }) => <ColumnsInput disabled={disabled} testId={testId} /> },
  ];
  const columns: ColumnsType<DatabaseDraft> = [
    { dataIndex: 'tableName', title: t('design.tableName') },
    { key: 'columns', title: t('design.columns'), width: 90, render: (_, row) => row.columns.length },
    {
      dataIndex: 'releasedAt',
      title: t('design.released'),
      width: 180,
      render: (at: string | null) => (at ? new Date(at).toLocaleString() : <Tag>{t('design.notReleased')}</Tag>),
    },
    {
      key: 'actions',
      title: t('design.actions'),
      width: 220,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => setEditing({ draft: row })} data-testid={`database-draft-edit-${row.id}`}>
            {t('common:edit')}
          </Button>
          <Button
            type="link"
            loading={planRelease.isPending}
            onClick={async () => setPlan({ draft: row, plan: await planRelease.mutateAsync({ body: { draftId: row.id } }) })}
            data-testid={`database-draft-release-${row.id}`}
          >
            {t('design.release')}
          </Button>
          <Button
            type="link"
            danger
            onClick={() =>
              modal.confirm({
                title: t('design.removeConfirm', { name: row.tableName }),
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync({ query: { ids: String(row.id) } }),
              })
            }
          >
            {t('common:delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={link !== null}
      title={link ? t('design.title', { name: link.name }) : ''}
      onClose={onClose}
      size={narrow ? '100%' : 1000}
      destroyOnHidden
      data-testid="database-designs"
      extra={
        <Button type="primary" onClick={() => setEditing({})} data-testid="database-draft-add">
          {t('design.add')}
        </Button>
      }
    >
      <Table
        size="small"
        rowKey="id"
        loading={drafts.isLoading}
        dataSource={drafts.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {editing && link ? (
        <SchemaDialog<DraftFormValues>
          name="database-draft"
          open
          mode={editing.draft ? 'edit' : 'create'}
          title={editing.draft ? t('design.edit') : t('design.add')}
          schema={databaseDraftSubmit}
          fields={fields}
          initialValues={
            editing.draft
              ? { tableName: editing.draft.tableName, comment: editing.draft.comment, columns: editing.draft.columns }
              : { tableName: '', comment: '', columns: [FIRST_COLUMN] }
          }
          onSubmit={(values) => submit.mutateAsync({ body: { ...(editing.draft ? { id: editing.draft.id } : {}), linkId: link.id, ...values } })}
          onClose={() => setEditing(null)}
          width={1000}
        />
      ) : null}
      <Modal
        open={plan !== null}
        title={plan ? t(plan.plan.exists ? 'design.planAlter' : 'design.planCreate', { name: plan.plan.tableName }) : ''}
        onCancel={() => setPlan(null)}
        okText={t('design.releaseNow')}
        okButtonProps={
          { disabled: !plan || plan.plan.problems.length > 0 || plan.plan.statements.length === 0, 'data-testid': 'database-release-confirm' } as ButtonProps
        }
        confirmLoading={release.isPending}
        onOk={async () => {
          if (!plan) return;
          await release.mutateAsync({ body: { draftId: plan.draft.id } });
          message.success(t('design.releasedOk', { name: plan.plan.tableName }));
          setPlan(null);
        }}
        width={880}
        destroyOnHidden
      >
        <div data-testid="database-release-plan">
          {plan?.plan.problems.length ? (
            <Alert
              type="error"
              showIcon
              title={t('design.problems')}
              description={
                <ul>
                  {plan.plan.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {plan && !plan.plan.problems.length && !plan.plan.statements.length ? <Alert type="info" showIcon title={t('design.nothing')} /> : null}
          {plan?.plan.kept.length ? <Alert type="info" showIcon title={t('design.kept', { columns: plan.plan.kept.join(', ') })} /> : null}
          {plan?.plan.statements.length ? <pre className="database-release-sql">{plan.plan.statements.join(';\n\n')};</pre> : null}
        </div>
      </Modal>
    </Drawer>
  );
}
