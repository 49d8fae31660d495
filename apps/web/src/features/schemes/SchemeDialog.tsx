import type { FailureProblem } from '@macro/contract';
import { type Scheme, schemeInput } from '@macro/contract/workflow';
import { WORKFLOW_CATEGORY_DICT } from '@macro/contract/wfcategories';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Spin, Tabs, Upload } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../api/dictionary';
import { ApiError } from '../../api/http';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { ProblemList } from './designer/ProblemList';
import { SimulatePanel } from './designer/SimulatePanel';
import { useCreateScheme, useSchemeInfo, useUpdateScheme } from './api';

export interface SchemeDialogState {
  mode: FormMode;
  record?: Scheme;
}

interface SchemeFormValues {
  name: string;
  code: string;
  category: string;
  xml: string;
  remark: string;
}

const valuesOf = (row?: Scheme & { xml?: string }): SchemeFormValues => ({
  name: row?.name ?? '',
  code: row?.code ?? '',
  category: row?.category ?? '',
  xml: row?.xml ?? '',
  remark: row?.remark ?? '',
});

interface XmlInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
  importLabel: string;
}

/** The template's BPMN 2.0 XML: pasted, or read from a .bpmn file the user chooses. */
function XmlInput({ id, value, onChange, disabled, placeholder, testId, importLabel }: XmlInputProps) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        rows={8}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
        data-testid={testId}
      />
      {disabled ? null : (
        <Upload
          accept=".bpmn,.xml,text/xml,application/xml"
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then((xml) => onChange?.(xml));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${testId}-import`}>
            {importLabel}
          </Button>
        </Upload>
      )}
    </Space>
  );
}

// bpmn-js loads only when the designer is shown.
const BpmnEditor = lazy(() => import('./designer/BpmnEditor').then((m) => ({ default: m.BpmnEditor })));

interface TemplateXmlProps extends XmlInputProps {
  creating: boolean;
  /** The server's refusal of a save: the XML refused and every problem, shown while the XML is that one. */
  refusal?: Refusal;
}

interface Refusal {
  xml: string;
  problems: FailureProblem[];
}

/**
 * The template's BPMN: drawn in the designer or written as XML, one value either way. A refused
 * save lists every problem; choosing one shows its element in the diagram.
 */
export function TemplateXmlInput({ id, value, onChange, disabled, placeholder, testId, importLabel, creating, refusal }: TemplateXmlProps) {
  const { t } = useTranslation('schemes');
  const refused = refusal && refusal.xml === value ? refusal.problems : [];
  const [tab, setTab] = useState('diagram');
  const [focus, setFocus] = useState<{ id: string; seq: number }>();
  const show = (elementId: string) => {
    setTab('diagram');
    setFocus((previous) => ({ id: elementId, seq: (previous?.seq ?? 0) + 1 }));
  };
  return (
    <>
      {/* In the diagram the editor lists the refusal itself, beside the elements it names. */}
      {tab === 'diagram' ? null : (
        <ProblemList problems={refused} type="error" title={t('designer.refusedTitle', { count: refused.length })} onSelect={show} testId="scheme-refused" />
      )}
      <Tabs
        id={id}
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'diagram',
            label: t('designer.diagramTab'),
            children: (
              <Suspense fallback={<Spin />}>
                <BpmnEditor value={value} onChange={onChange} readOnly={disabled} startBlank={creating} refused={refused} focus={focus} />
              </Suspense>
            ),
          },
          {
            key: 'simulate',
            label: t('simulate.tab'),
            children: <SimulatePanel xml={value ?? ''} />,
          },
          {
            key: 'xml',
            label: t('designer.xmlTab'),
            children: <XmlInput value={value} onChange={onChange} disabled={disabled} placeholder={placeholder} testId={testId} importLabel={importLabel} />,
          },
        ]}
      />
    </>
  );
}

/**
 * Create, change or view a template: its name, number (fixed once created), category and BPMN 2.0
 * XML, imported from a file or pasted. Saving deploys a new version; the engine's lint names any
 * element it does not support.
 */
export function SchemeDialog({ state: current, onClose }: { state: SchemeDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('schemes');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const info = useSchemeInfo(current ? record?.id : undefined);
  const categories = useDictionary(WORKFLOW_CATEGORY_DICT.kind, WORKFLOW_CATEGORY_DICT.code);
  const create = useCreateScheme();
  const update = useUpdateScheme();
  // The XML a save was refused for, with the problems: shown until the XML changes.
  const [refusal, setRefusal] = useState<Refusal>();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder'), disabled: state.mode !== 'create' },
    {
      name: 'category',
      label: t('field.category'),
      render: (w) => (
        <Select
          disabled={w.disabled}
          placeholder={t('form.categoryPlaceholder')}
          options={(categories.data ?? []).map((c) => ({ value: c.dictKey, label: c.dictValue }))}
          data-testid={w.testId}
        />
      ),
    },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder') },
    {
      name: 'xml',
      label: t('field.xml'),
      span: 24,
      render: (w) => (
        <TemplateXmlInput
          creating={state.mode === 'create'}
          disabled={w.disabled}
          placeholder={t('form.xmlPlaceholder')}
          testId={w.testId}
          importLabel={t('form.import')}
          refusal={refusal}
        />
      ),
    },
  ];
  const save = (values: SchemeFormValues) => {
    const body = { name: values.name.trim(), category: values.category, xml: values.xml, remark: values.remark?.trim() ?? '' };
    setRefusal(undefined);
    const saved = record ? update.mutateAsync({ body: { ...body, id: record.id } }) : create.mutateAsync({ body: { ...body, code: values.code.trim() } });
    return saved.catch((error: unknown) => {
      if (error instanceof ApiError && error.problems.length) setRefusal({ xml: values.xml, problems: error.problems });
      throw error;
    });
  };
  return (
    <SchemaDialog<SchemeFormValues>
      name="scheme"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={schemeInput}
      fields={fields}
      initialValues={initialValues}
      loadedValues={info.data ? valuesOf(info.data) : undefined}
      onSubmit={save}
      onClose={onClose}
      width="min(1280px, 100vw)"
      afterClose={() => {
        setRefusal(undefined);
        create.reset();
        update.reset();
      }}
    />
  );
}
