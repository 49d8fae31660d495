import { FORM_BINDING_ENDPOINTS as B, FORM_SCHEME_ENDPOINTS as F } from '@macro/contract/forms';
import { APPROVER_KINDS, BUILTIN_SERVICES, SERVICE_METHODS } from '@macro/contract/workflow';
import { Button, Checkbox, Empty, Form, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../api/endpoint';
import { PostPicker } from '../../../components/PostPicker';
import { RolePicker } from '../../../components/RolePicker';
import { UserPicker } from '../../../components/UserPicker';
import { errorHolder, readErrorCode, writeErrorCode } from './errorCode';
import { type DiagramElement, messageHolder, type NodeForm, readNode, signalHolder, writeNode } from './model';
import { type DiagramShape, REMIND_UNITS, type ReminderForm, readReminder, type ShapeApi, writeReminder } from './reminder';
import { SqlApproverFields } from './SqlApproverFields';

/** The panel's fields: the node's settings, a user task's reminder, an error boundary event's code. */
type PanelForm = NodeForm & ReminderForm & { errorCode?: string };

interface Props {
  element: DiagramElement | null;
  readOnly?: boolean;
  apis: () => ShapeApi & {
    userTasks: () => { id: string; name: string }[] /** Runs the panel's own edit without showing the element afresh. */;
    quietly: (edit: () => void) => void;
  };
}

/** A rule's values, comma-separated in the XML (`1,2,3`), as the list a picker holds, and back. */
const listItem = <T,>(parse: (value: string) => T) => ({
  getValueProps: (v: string) => ({
    value: String(v ?? '')
      .split(',')
      .filter(Boolean)
      .map(parse),
  }),
  getValueFromEvent: (values: T[]) => (values ?? []).join(','),
});
/** Ids of people, roles or posts. */
const IDS_ITEM = listItem(Number);
/** How many levels up the superior rule goes: the engine reads 1 to 10. */
const LEVELS_ITEM = {
  getValueProps: (v: string) => ({ value: v ? Number(v) : 1 }),
  getValueFromEvent: (levels: number | null) => String(levels ?? 1),
};
/** Node ids. */
const NODES_ITEM = listItem(String);

const PERMISSIONS = ['edit', 'readonly', 'hidden'] as const;

/** The forms a node may bind: the tenant's enabled schemes and the system forms. */
function useFormChoices() {
  const schemes = useEndpointQuery(B.bindable, { query: {} });
  const system = useEndpointQuery(B.systemForms, { query: {} });
  return [...(schemes.data ?? []).map((f) => ({ value: f.code, label: f.name })), ...(system.data ?? []).map((f) => ({ value: f.code, label: f.name }))];
}

/** How long a pause in editing is before the edit applies. */
const APPLY_DELAY_MS = 400;

/** The chosen element's settings: what the engine reads from our `macro` extension, edited and applied in one undoable step. */
export function NodePanel({ element, readOnly, apis }: Props) {
  const { t } = useTranslation('schemes');
  const [form] = Form.useForm<PanelForm>();
  const formChoices = useFormChoices();
  const formKey = Form.useWatch('formKey', form);
  const kind = Form.useWatch('approverKind', form);
  const counterSign = Form.useWatch('counterSign', form);
  const completion = Form.useWatch('completion', form);
  const serviceKind = Form.useWatch('serviceKind', form);
  const bindFields = useEndpointQuery(F.bindFields, { query: { code: formKey ?? '' } }, { enabled: Boolean(formKey), retry: false });
  // Edits apply as they are made (a pause in typing makes one undoable step); one still pending
  // when the panel closes (another element chosen, the dialog saved) applies then.
  const pending = useRef<number | undefined>(undefined);
  const applyNow = useRef<() => void>(() => undefined);
  const flush = () => {
    if (pending.current === undefined) return;
    window.clearTimeout(pending.current);
    pending.current = undefined;
    try {
      applyNow.current();
    } catch {
      // The diagram is gone (the dialog closed): there is nothing left to apply to.
    }
  };
  const schedule = () => {
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(flush, APPLY_DELAY_MS);
  };
  // A layout effect: its clean-up runs before the editor's own (which destroys the diagram), so a
  // pending edit is applied when the panel closes with the designer (another tab, the dialog).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on closing only; flush reads the latest apply through its ref
  useLayoutEffect(() => flush, []);
  // The bound form's fields, each with the permission the node gives it (edit unless it says otherwise).
  useEffect(() => {
    const saved = element ? readNode(element).fields : [];
    if (bindFields.data)
      form.setFieldValue(
        'fields',
        bindFields.data.map((f) => ({ name: f.name, permission: saved.find((x) => x.name === f.name)?.permission ?? 'edit' })),
      );
  }, [bindFields.data, form, element]);
  if (!element) return <Empty description={t('designer.chooseElement')} />;
  const type = element.type;
  const isTask = type === 'bpmn:UserTask';
  // A CC node (send task): only whom the copy goes to.
  const copies = type === 'bpmn:SendTask';
  const catchesErrors = errorHolder(element) !== undefined;
  const initial: PanelForm = {
    ...readNode(element),
    ...(isTask ? readReminder(element as DiagramShape) : { remindUnit: 'H' as const }),
    errorCode: catchesErrors ? readErrorCode(element) : '',
  };
  const bindsForm = isTask || type === 'bpmn:StartEvent';
  // A message start event, intermediate message catch event or receive task: named by its message.
  const waitsForMessage = messageHolder(element) !== undefined;
  // A signal event (start, catch, throw, end, boundary): named by its signal.
  const signalled = signalHolder(element) !== undefined;
  const apply = (values: PanelForm) => {
    const api = apis();
    const permissions = new Map((values.fields ?? []).map((f) => [f.name, f.permission]));
    const fields = (bindFields.data ?? []).map((f) => ({ name: f.name, permission: permissions.get(f.name) ?? 'edit' }));
    api.quietly(() => {
      writeNode(element, { ...initial, ...values, fields }, api.modeling, api.moddle);
      if (isTask) writeReminder(element as DiagramShape, { ...initial, ...values }, api);
      if (catchesErrors) writeErrorCode(element, values.errorCode ?? '', api.modeling, api.moddle);
    });
  };
  applyNow.current = () => {
    if (!readOnly) apply(form.getFieldsValue(true));
  };
  const applyAtOnce = () => {
    window.clearTimeout(pending.current);
    pending.current = undefined;
    applyNow.current();
  };
  // Who acts (an approval node) or who gets the copy (a CC node): the same rules.
  const approverFields = (
    <>
      <Form.Item name="approverKind" label={t(copies ? 'designer.copyKind' : 'designer.approverKind')}>
        <Select
          allowClear
          // Another kind's values mean something else (ids of roles, not of people): they start empty.
          onChange={() => form.setFieldValue('approverValues', '')}
          options={APPROVER_KINDS.map((k) => ({ value: k, label: t(`designer.approver.${k}`) }))}
          data-testid="node-approver-kind"
          aria-label={t(copies ? 'designer.copyKind' : 'designer.approverKind')}
        />
      </Form.Item>
      {!kind && initial.performers.length ? (
        <Typography.Paragraph type="secondary" data-testid="node-performers">
          {t('designer.performers', { names: initial.performers.join(', ') })}
        </Typography.Paragraph>
      ) : null}
      {kind === 'person' ? (
        <Form.Item name="approverValues" label={t('designer.approverPeople')} {...IDS_ITEM}>
          <UserPicker multiple testId="node-approver-people" />
        </Form.Item>
      ) : kind === 'roleCompany' || kind === 'roleDept' ? (
        <Form.Item name="approverValues" label={t('designer.approverRoles')} extra={t(`designer.valuesHelp.${kind}`)} {...IDS_ITEM}>
          <RolePicker testId="node-approver-roles" placeholder={t('designer.rolesPlaceholder')} />
        </Form.Item>
      ) : kind === 'post' ? (
        <Form.Item name="approverValues" label={t('designer.approverPosts')} extra={t('designer.valuesHelp.post')} {...IDS_ITEM}>
          <PostPicker testId="node-approver-posts" placeholder={t('designer.postsPlaceholder')} />
        </Form.Item>
      ) : kind === 'superior' ? (
        <Form.Item name="approverValues" label={t('designer.approverLevels')} extra={t('designer.valuesHelp.superior')} {...LEVELS_ITEM}>
          <InputNumber min={1} max={10} precision={0} data-testid="node-approver-levels" />
        </Form.Item>
      ) : kind === 'nodeApprover' ? (
        <Form.Item name="approverValues" label={t('designer.approverNodes')} extra={t('designer.valuesHelp.nodeApprover')} {...NODES_ITEM}>
          <Select
            mode="multiple"
            options={apis()
              .userTasks()
              .filter((task) => task.id !== element.id)
              .map((task) => ({ value: task.id, label: task.name ? `${task.name} (${task.id})` : task.id }))}
            placeholder={t('designer.nodesPlaceholder')}
            data-testid="node-approver-nodes"
            aria-label={t('designer.approverNodes')}
          />
        </Form.Item>
      ) : kind === 'sql' ? (
        <SqlApproverFields />
      ) : kind ? (
        <Form.Item name="approverValues" label={t('designer.approverValues')} extra={t(`designer.valuesHelp.${kind}`)}>
          <Input data-testid="node-approver-values" />
        </Form.Item>
      ) : null}
    </>
  );
  return (
    // No <form> of its own: the panel sits inside the template dialog's form, whose submit would save the template.
    // Enter in a field applies the panel instead of submitting that form.
    <fieldset
      className="node-panel"
      aria-label={t('designer.properties')}
      data-testid="node-panel"
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          applyAtOnce();
        }
      }}
    >
      <Form
        form={form}
        component={false}
        layout="vertical"
        size="small"
        initialValues={initial}
        disabled={readOnly}
        name="bpmn-node"
        onValuesChange={() => !readOnly && schedule()}
      >
        <Typography.Text type="secondary">
          {t(`designer.type.${type.replace('bpmn:', '')}`, { defaultValue: type.replace('bpmn:', '') })} · {element.id}
        </Typography.Text>
        <Form.Item name="name" label={t('designer.name')}>
          <Input maxLength={100} data-testid="node-name" />
        </Form.Item>
        {type === 'bpmn:SequenceFlow' ? (
          <Form.Item name="condition" label={t('designer.condition')} extra={t('designer.conditionHelp')}>
            <Input placeholder="amount > 1000" style={{ fontFamily: 'monospace' }} data-testid="node-condition" />
          </Form.Item>
        ) : null}
        {copies ? approverFields : null}
        {isTask ? (
          <>
            {approverFields}
            <Space wrap>
              <Form.Item name="counterSign" label={t('designer.counterSign')}>
                <Select
                  style={{ width: 140 }}
                  options={['none', 'parallel', 'sequential'].map((v) => ({ value: v, label: t(`designer.multi.${v}`) }))}
                  aria-label={t('designer.counterSign')}
                />
              </Form.Item>
              {counterSign && counterSign !== 'none' ? (
                <Form.Item name="completion" label={t('designer.completion')}>
                  <Select
                    style={{ width: 140 }}
                    options={['all', 'single', 'percentage'].map((v) => ({ value: v, label: t(`designer.done.${v}`) }))}
                    aria-label={t('designer.completion')}
                  />
                </Form.Item>
              ) : null}
              {counterSign && counterSign !== 'none' && completion === 'percentage' ? (
                <Form.Item name="percent" label={t('designer.percent')}>
                  <InputNumber min={1} max={100} precision={0} />
                </Form.Item>
              ) : null}
            </Space>
            <Space wrap>
              <Form.Item name="rejectMode" label={t('designer.reject')}>
                <Select
                  style={{ width: 140 }}
                  options={['chosen', 'previous', 'none'].map((v) => ({ value: v, label: t(`designer.rejectMode.${v}`) }))}
                  aria-label={t('designer.reject')}
                />
              </Form.Item>
              <Form.Item
                name="rejectedToSameApprover"
                label={t('designer.rejectedTo')}
                tooltip={t('designer.rejectedToSameApproverHelp')}
                valuePropName="checked"
              >
                <Checkbox data-testid="node-rejected-to-same-approver">{t('designer.rejectedToSameApprover')}</Checkbox>
              </Form.Item>
              <Form.Item name="withdraw" label={t('designer.withdraw')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="autoAgree" label={t('designer.autoAgree')} tooltip={t('designer.autoAgreeHelp')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="dueIn" label={t('designer.dueIn')} tooltip={t('designer.dueInHelp')}>
                <Input style={{ width: 110 }} placeholder="P2D" data-testid="node-due-in" />
              </Form.Item>
            </Space>
            <Space wrap align="start">
              <Form.Item name="remindEvery" label={t('designer.remindEvery')} tooltip={t('designer.remindHelp')}>
                <InputNumber
                  min={1}
                  max={999}
                  precision={0}
                  style={{ width: 90 }}
                  placeholder={t('designer.remindNone')}
                  data-testid="node-remind-every"
                  aria-label={t('designer.remindEvery')}
                />
              </Form.Item>
              <Form.Item name="remindUnit" label={t('designer.remindUnit')}>
                <Select
                  style={{ width: 90 }}
                  options={REMIND_UNITS.map((u) => ({ value: u, label: t(`designer.remindUnits.${u}`) }))}
                  aria-label={t('designer.remindUnit')}
                />
              </Form.Item>
              <Form.Item name="remindTimes" label={t('designer.remindTimes')}>
                <InputNumber
                  min={1}
                  max={99}
                  precision={0}
                  style={{ width: 130 }}
                  placeholder={t('designer.remindUntilHandled')}
                  data-testid="node-remind-times"
                  aria-label={t('designer.remindTimes')}
                />
              </Form.Item>
            </Space>
          </>
        ) : null}
        {waitsForMessage ? (
          <Form.Item
            name="messageName"
            label={t('designer.messageName')}
            extra={t(type === 'bpmn:StartEvent' ? 'designer.messageStartHelp' : 'designer.messageNameHelp')}
            rules={[{ required: true, whitespace: true, message: t('designer.messageNameRequired') }]}
          >
            <Input maxLength={100} placeholder="paymentConfirmed" aria-label={t('designer.messageName')} data-testid="node-message-name" />
          </Form.Item>
        ) : null}
        {signalled ? (
          <Form.Item
            name="signalName"
            label={t('designer.signalName')}
            extra={t('designer.signalNameHelp')}
            rules={[{ required: true, whitespace: true, message: t('designer.signalNameRequired') }]}
          >
            <Input maxLength={100} placeholder="budgetApproved" aria-label={t('designer.signalName')} data-testid="node-signal-name" />
          </Form.Item>
        ) : null}
        {catchesErrors ? (
          <Form.Item name="errorCode" label={t('designer.errorCode')} extra={t('designer.errorCodeHelp')}>
            <Input maxLength={50} placeholder={t('designer.errorCodeAny')} aria-label={t('designer.errorCode')} data-testid="node-error-code" />
          </Form.Item>
        ) : null}
        {type === 'bpmn:ServiceTask' ? (
          <>
            <Form.Item name="serviceKind" label={t('designer.serviceKind')}>
              <Select
                options={(['http', 'builtin'] as const).map((k) => ({ value: k, label: t(`designer.serviceKinds.${k}`) }))}
                placeholder={t('designer.servicePlaceholder')}
                data-testid="node-service-kind"
                aria-label={t('designer.serviceKind')}
              />
            </Form.Item>
            {serviceKind === 'http' ? (
              <Space wrap align="start">
                <Form.Item name="serviceMethod" label={t('designer.serviceMethod')}>
                  <Select style={{ width: 96 }} options={SERVICE_METHODS.map((m) => ({ value: m, label: m }))} aria-label={t('designer.serviceMethod')} />
                </Form.Item>
                <Form.Item name="serviceUrl" label={t('designer.serviceUrl')} extra={t('designer.serviceUrlHelp')}>
                  <Input style={{ width: 260 }} placeholder="https://erp.example.com/credit" data-testid="node-service-url" />
                </Form.Item>
              </Space>
            ) : serviceKind === 'builtin' ? (
              <Form.Item name="serviceName" label={t('designer.serviceName')}>
                <Select
                  options={BUILTIN_SERVICES.map((b) => ({ value: b, label: t(`designer.builtin.${b}`) }))}
                  data-testid="node-service-builtin"
                  aria-label={t('designer.serviceName')}
                />
              </Form.Item>
            ) : null}
          </>
        ) : null}
        {bindsForm ? (
          <>
            <Form.Item name="formKey" label={t('designer.form')}>
              <Select allowClear options={formChoices} placeholder={t('designer.formPlaceholder')} data-testid="node-form" aria-label={t('designer.form')} />
            </Form.Item>
            {isTask && formKey && bindFields.data?.length ? (
              <Form.List name="fields">
                {(rows) => (
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="key"
                    dataSource={rows}
                    columns={[
                      { key: 'field', title: t('designer.field'), render: (_, row) => bindFields.data?.[row.name]?.title },
                      {
                        key: 'permission',
                        title: t('designer.permission'),
                        render: (_, row) => (
                          <Form.Item name={[row.name, 'permission']} noStyle>
                            <Select
                              size="small"
                              style={{ width: 110 }}
                              options={PERMISSIONS.map((p) => ({ value: p, label: t(`designer.perm.${p}`) }))}
                              aria-label={`${bindFields.data?.[row.name]?.title ?? ''} ${t('designer.permission')}`}
                            />
                          </Form.Item>
                        ),
                      },
                    ]}
                    data-testid="node-fields"
                  />
                )}
              </Form.List>
            ) : null}
          </>
        ) : null}
        {readOnly ? null : (
          <Button type="primary" onClick={applyAtOnce} style={{ marginTop: 12 }} data-testid="node-apply">
            {t('designer.apply')}
          </Button>
        )}
      </Form>
    </fieldset>
  );
}
