import { bindFieldsOf, dataSourceFields, dictionaryFields, type FormDocument, type FormInstance, type FormScheme, optionLabelsOf } from '@macro/contract/forms';
import { App, Button, Drawer, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDictionary } from '../../api/dictionary';
import { useFieldOptions } from '../../api/forms';
import { type FormData, FormView, type FormViewHandle } from '../../components/forms/FormView';
import { useFormInfo, useFormRecords, useSaveRecord } from './api';
import { recordLinks } from './RecordPages';

const PAGE_SIZE = 10;
/** Columns shown in the list: the form's first fields in layout order (the record dialog shows all). */
const SHOWN_FIELDS = 5;

const cell = (value: unknown, label: (value: string) => string = (v) => v) =>
  value === undefined || value === null
    ? ''
    : Array.isArray(value)
      ? value.map((v) => label(String(v))).join('、')
      : typeof value === 'boolean'
        ? value
          ? '✓'
          : '✗'
        : label(String(value));

/** A choice shown by its option's label (年假, not `a`): the form's own options, its dictionary's or its data source's. */
function ChoiceCell({ schemeId, document, name, value }: { schemeId: number; document: FormDocument; name: string; value: unknown }) {
  const code = dictionaryFields(document)[name];
  const dictionary = useDictionary('system', code ?? '');
  const dataSource = useFieldOptions(dataSourceFields(document)[name] ? schemeId : undefined, name);
  const fixed = optionLabelsOf(document, name);
  const fromDictionary = new Map((code ? (dictionary.data ?? []) : []).map((item) => [item.dictKey, item.dictValue]));
  const fromDataSource = new Map((dataSource.data ?? []).map((option) => [option.value, option.label]));
  return <>{cell(value, (v) => fixed.get(v) ?? fromDictionary.get(v) ?? fromDataSource.get(v) ?? v)}</>;
}

/**
 * The records filled in through a form (or a list page's columns of them) (for a custom-table form, the rows of its table): a page
 * of them, and a dialog that adds or changes one, checked in the browser and again on the server.
 */
export function FormRecords({
  scheme,
  columns: shown,
  title,
  onClose,
}: {
  scheme: FormScheme;
  columns?: readonly string[];
  title?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const info = useFormInfo(scheme.id);
  const records = useFormRecords(scheme.id, current, PAGE_SIZE);
  const { save, pending } = useSaveRecord();
  const [editing, setEditing] = useState<{ key?: string; data: FormData } | null>(null);
  const view = useRef<FormViewHandle>(null);
  const document = info.data?.document;
  const all = document ? bindFieldsOf(document) : [];
  // A list page names its columns; otherwise the form's first fields.
  const fields = shown ? all.filter((f) => shown.includes(f.name)) : all.slice(0, SHOWN_FIELDS);
  const columns: ColumnsType<FormInstance> = [
    ...fields.map((f) => ({
      key: f.name,
      title: f.title,
      ellipsis: true,
      render: (_: unknown, row: FormInstance) => {
        const value = row.data[f.name];
        if (f.kind === 'file') return Array.isArray(value) ? t('formview:annex.count', { count: value.length }) : '';
        return document && ['select', 'radio', 'checkboxes'].includes(f.kind) ? (
          <ChoiceCell schemeId={scheme.id} document={document} name={f.name} value={value} />
        ) : (
          cell(value)
        );
      },
    })),
    { key: 'version', title: t('field.version'), width: 80, render: (_: unknown, row: FormInstance) => row.version },
    { key: 'by', title: t('records.by'), width: 120, render: (_: unknown, row: FormInstance) => row.createUserName },
    { key: 'at', title: t('records.at'), width: 180, render: (_: unknown, row: FormInstance) => new Date(row.updateTime).toLocaleString() },
    {
      key: 'action',
      title: t('common:actions'),
      width: 130,
      render: (_: unknown, row: FormInstance) => (
        <Space size={0}>
          <Link to={recordLinks.detail(scheme.id, row.primaryKey)} data-testid={`record-view-${row.primaryKey}`}>
            {t('records.view')}
          </Link>
          <Button type="link" size="small" onClick={() => setEditing({ key: row.primaryKey, data: row.data })} data-testid={`record-edit-${row.primaryKey}`}>
            {t('common:edit')}
          </Button>
        </Space>
      ),
    },
  ];
  const submit = async () => {
    if (!editing || !view.current?.validateForm()) return;
    await save(scheme.id, editing.key, editing.data);
    message.success(t('records.saved'));
    setEditing(null);
  };
  return (
    <Drawer
      open
      size="large"
      title={t('records.title', { name: title ?? scheme.name })}
      onClose={onClose}
      extra={
        <Button type="primary" disabled={!document || !scheme.enabled} onClick={() => setEditing({ data: {} })} data-testid="record-add">
          {t('records.add')}
        </Button>
      }
      data-testid="form-records"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {scheme.tableName ? (
          <Typography.Text type="secondary">
            {t('records.table')} <Tag>{scheme.tableName}</Tag>
          </Typography.Text>
        ) : null}
        <Table<FormInstance>
          rowKey="primaryKey"
          size="small"
          columns={columns}
          dataSource={records.data?.records ?? []}
          loading={records.isLoading}
          scroll={{ x: 720 }}
          pagination={{ current, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
          data-testid="record-table"
        />
      </Space>
      {editing && document ? (
        <Modal
          open
          title={t(editing.key ? 'records.edit' : 'records.add')}
          onCancel={() => setEditing(null)}
          onOk={() => void submit().catch(() => undefined)}
          okText={t('common:save')}
          cancelText={t('common:cancel')}
          confirmLoading={pending}
          okButtonProps={{ 'data-testid': 'record-save' }}
          width="min(760px, 100vw)"
          destroyOnHidden
        >
          <FormView
            document={document}
            value={editing.data}
            onChange={(data) => setEditing({ ...editing, data })}
            formRef={view}
            testId="record-form"
            choices={{ schemeId: scheme.id }}
          />
        </Modal>
      ) : null}
    </Drawer>
  );
}
