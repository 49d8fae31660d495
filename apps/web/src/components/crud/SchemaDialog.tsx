import { App, Button, Form, type FormInstance, Modal } from 'antd';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormMode, type ObjectSchema, type SchemaField, SchemaForm } from './SchemaForm';

/** Spec §2/§9: dialogs are 880 wide, and an outside click does not close them. */
export const DIALOG_WIDTH = 880;

/**
 * How the dialog and its inputs are named: `name: 'role'` makes the dialog `role-dialog` and its
 * inputs `role-field-<field>`; a dialog named otherwise gives both.
 */
type SchemaDialogNames =
  | { name: string; testId?: never; fieldTestIdPrefix?: never }
  | {
      name?: never;
      /** Test id of the dialog; also its form's name, so field ids are `${testId}_${field}`. */
      testId: string;
      /** Prefix of the inputs' test ids (`${fieldTestIdPrefix}-${field}`). */
      fieldTestIdPrefix: string;
    };

export type SchemaDialogProps<V> = SchemaDialogNames & {
  open: boolean;
  mode: FormMode;
  title: string;
  schema: ObjectSchema;
  fields: readonly SchemaField[];
  initialValues: V;
  /** The server's copy of the record, when it arrives after opening: it replaces the values unless the user has typed. */
  loadedValues?: V;
  /** Saves; the dialog closes as soon as it resolves, and stays open (with the failure shown) when it rejects. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
  /** The save's mutation: its outcome is forgotten once the dialog has closed. */
  submit?: { reset: () => void };
  /** Wider than the standard dialog, for a field that needs the room (a diagram). */
  width?: number | string;
  /** More buttons, before Cancel, that work on the values as typed (a connection test). */
  extraFooter?: (form: FormInstance<V>) => ReactNode;
  /** A field that follows another as it is typed (a port that follows the database kind). */
  onFieldsChange?: (changed: Partial<V>, form: FormInstance<V>) => void;
};

const blank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * Lists (tags, multiple choices, rows of a list input) are compared item by item and rows field
 * by field: the form hands back copies of them.
 */
const same = (a: unknown, b: unknown): boolean =>
  (blank(a) && blank(b)) ||
  Object.is(a, b) ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i]))) ||
  (isRecord(a) &&
    isRecord(b) &&
    Object.keys(a).length === Object.keys(b).length &&
    Object.keys(a).every((key) => Object.hasOwn(b, key) && same(a[key], b[key])));

/**
 * Create, edit or view one record in the schema's form. Esc, × and Cancel on a form with
 * unsaved changes ask before discarding them.
 */
export function SchemaDialog<V extends object>(props: SchemaDialogProps<V>) {
  const { open, mode, fields, initialValues, loadedValues, onSubmit, onClose } = props;
  const testId = props.testId ?? `${props.name}-dialog`;
  const fieldTestIdPrefix = props.fieldTestIdPrefix ?? `${props.name}-field`;
  const { t } = useTranslation('common');
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const baseline = useRef<Partial<V>>(initialValues);
  const asking = useRef(false);
  const touched = useRef(false);

  useEffect(() => {
    if (!loadedValues || touched.current) return;
    form.setFieldsValue(loadedValues as Parameters<typeof form.setFieldsValue>[0]);
    baseline.current = { ...baseline.current, ...loadedValues };
  }, [loadedValues, form]);

  const isDirty = () => {
    const now = form.getFieldsValue(true) as Record<string, unknown>;
    const before = baseline.current as Record<string, unknown>;
    return fields.some((field) => !same(now[field.name], before[field.name]));
  };

  const requestClose = () => {
    if (mode === 'view' || !isDirty()) {
      onClose();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('crud.discard.title'),
      content: t('crud.discard.content'),
      okText: t('crud.discard.ok'),
      cancelText: t('crud.discard.keep'),
      // Enter or Esc on the question keeps the work; discarding takes a deliberate choice.
      focusable: { autoFocusButton: 'cancel' },
      okButtonProps: { danger: true, 'data-testid': `${testId}-discard` },
      cancelButtonProps: { 'data-testid': `${testId}-keep` },
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  };

  /** Rules across fields, checked once each field passes its own; shown under the field they name. */
  const crossFieldErrors = (values: V) => {
    const shown = new Set(fields.map((field) => field.name));
    // Blank inputs are absent, as each field's own rule reads them.
    const present = Object.fromEntries(Object.entries(values).filter(([, value]) => !blank(value)));
    const issues = props.schema.safeParse?.(present).error?.issues ?? [];
    return issues
      .filter((issue) => issue.path.length === 1 && shown.has(String(issue.path[0])))
      .map((issue) => ({ name: String(issue.path[0]), errors: [t(`messages:${issue.message}`, { ...issue.params })] }));
  };

  const save = async () => {
    const values = await form.validateFields();
    const errors = crossFieldErrors(values);
    if (errors.length) {
      form.setFields(errors as Parameters<typeof form.setFields>[0]);
      throw new Error('invalid');
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } finally {
      setSaving(false);
    }
    message.success(t(mode === 'edit' ? 'updated' : 'created'));
    onClose();
  };

  const extra = props.extraFooter ? [<Fragment key="extra">{props.extraFooter(form)}</Fragment>] : [];
  const footer =
    mode === 'view'
      ? [
          ...extra,
          <Button key="close" onClick={onClose}>
            {t('close')}
          </Button>,
        ]
      : [
          ...extra,
          <Button key="cancel" onClick={requestClose}>
            {t('cancel')}
          </Button>,
          <Button
            key="save"
            type="primary"
            loading={saving}
            // A failed check shows under its field; a failed save, in the query client's toast.
            onClick={() => void save().catch(() => undefined)}
            data-testid={`${testId}-save`}
          >
            {t('save')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={props.title}
      width={props.width ?? DIALOG_WIDTH}
      mask={{ closable: false }}
      destroyOnHidden
      footer={footer}
      onCancel={requestClose}
      afterClose={() => {
        props.afterClose?.();
        props.submit?.reset();
      }}
      modalRender={(node) => <div data-testid={testId}>{node}</div>}
    >
      <SchemaForm<V>
        form={form}
        name={testId}
        schema={props.schema}
        fields={fields}
        mode={mode}
        initialValues={initialValues}
        testIdPrefix={fieldTestIdPrefix}
        onValuesChange={(changed) => {
          touched.current = true;
          props.onFieldsChange?.(changed, form);
        }}
      />
    </Modal>
  );
}
