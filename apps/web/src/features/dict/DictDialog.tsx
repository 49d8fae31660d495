import type { DictEntry, DictSubmit } from '@macro/contract';
import { App, Button, Form, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictBase, useDictDetail, useSubmitDict } from '../../api/dict';
import { DictForm } from './DictForm';
import { DICT_FORM_DEFAULTS, type DictDialogState, type DictFormValues } from './types';

/** Spec §2/§9: dialog 880 wide that an outside click does not close. */
export const DICT_DIALOG_WIDTH = 880;

interface DictDialogProps {
  base: DictBase;
  /** Mounted afresh (new key) for every opening; null closes it. */
  state: DictDialogState | null;
  /** Code of the dictionary open in the child table (feeds the parent picker). */
  rootCode?: string;
  onClose: () => void;
}

function valuesOf(state: DictDialogState, entry?: DictEntry): DictFormValues {
  if (entry) {
    const { parentId, code, dictKey, dictValue, sort, isSealed, remark } = entry;
    return { parentId: parentId || undefined, code, dictKey, dictValue, sort, isSealed: isSealed === 1 ? 1 : 0, remark };
  }
  // A child inherits its dictionary's code; the server takes it from the parent as well.
  return state.parent ? { ...DICT_FORM_DEFAULTS, parentId: state.parent.id, code: state.parent.code } : DICT_FORM_DEFAULTS;
}

export function DictDialog({ base, state: current, rootCode, onClose }: DictDialogProps) {
  const { t } = useTranslation('dict');
  // What the dialog was opened with; it keeps showing while the close animation runs.
  const [state] = useState(current);
  const { message } = App.useApp();
  const [form] = Form.useForm<DictFormValues>();
  const submit = useSubmitDict(base);
  const record = state?.record;
  // Edit and view show the server's current copy; the table row fills the form meanwhile.
  const detail = useDictDetail(base, current ? record?.id : undefined);
  const entry = detail.data ?? record;
  const initialValues = useMemo(() => (state ? valuesOf(state, record) : DICT_FORM_DEFAULTS), [state, record]);

  useEffect(() => {
    if (state && detail.data) form.setFieldsValue(valuesOf(state, detail.data));
  }, [state, detail.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    const body: DictSubmit = {
      ...(record ? { id: record.id } : {}),
      parentId: values.parentId ?? 0,
      code: values.code.trim(),
      dictKey: values.dictKey.trim(),
      dictValue: values.dictValue.trim(),
      sort: values.sort ?? 1,
      isSealed: values.isSealed,
      remark: values.remark?.trim() ?? '',
    };
    await submit.mutateAsync(body);
    message.success(t(record ? 'common:updated' : 'common:created'));
    onClose();
  };

  const mode = state?.mode ?? 'view';
  const footer =
    mode === 'view'
      ? [
          <Button key="close" onClick={onClose}>
            {t('common:close')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('common:cancel')}
          </Button>,
          <Button key="save" type="primary" loading={submit.isPending} onClick={() => void save().catch(() => undefined)} data-testid="dict-dialog-save">
            {t('common:save')}
          </Button>,
        ];

  return (
    <Modal
      open={current !== null && state !== null}
      title={t(`dialog.${mode}`)}
      width={DICT_DIALOG_WIDTH}
      maskClosable={false}
      destroyOnHidden
      footer={footer}
      onCancel={onClose}
      afterClose={() => submit.reset()}
      modalRender={(node) => <div data-testid="dict-dialog">{node}</div>}
    >
      {state ? (
        <DictForm
          form={form}
          base={base}
          mode={state.mode}
          kind={state.kind}
          treeCode={state.kind === 'child' ? (state.parent?.code ?? entry?.code ?? rootCode) : undefined}
          parentLabel={state.parent?.dictValue ?? entry?.parentName}
          initialValues={initialValues}
        />
      ) : null}
    </Modal>
  );
}
