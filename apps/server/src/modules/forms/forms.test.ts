import { formInstance, formRelation, formScheme, formSchemeInfo, type FormSchemeInput } from '@macro/contract/forms';
import { pageOf } from '@macro/contract';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const S = '/api/form-scheme';

/** A form with every field kind and rule the designer offers. */
const everything = (code: string, extra: Record<string, object> = {}): FormSchemeInput => ({
  code,
  name: `全字段 ${code}`,
  category: 'hr',
  document: {
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: '姓名', format: 'chineseName' },
        mobile: { type: 'string', title: '手机', format: 'mobile' },
        remark: { type: 'string', title: '备注', minLength: 2, maxLength: 10 },
        code: { type: 'string', title: '工号', pattern: '^E\\d{3}$' },
        amount: { type: 'number', title: '金额', minimum: 1, maximum: 5000 },
        count: { type: 'integer', title: '人数', minimum: 1 },
        level: { type: 'string', title: '级别', enum: ['a', 'b'] },
        nature: { type: 'string', title: '公司性质' },
        tags: { type: 'array', title: '标签', items: { type: 'string', enum: ['x', 'y', 'z'] }, uniqueItems: true, minItems: 1 },
        urgent: { type: 'boolean', title: '加急' },
        day: { type: 'string', title: '日期', format: 'date' },
        at: { type: 'string', title: '时间', format: 'date-time' },
        ...extra,
      },
      required: ['name', 'amount'],
    },
    uiSchema: {
      'ui:order': ['name', 'mobile', 'amount'],
      remark: { 'ui:widget': 'textarea', 'ui:options': { span: 24, rows: 3 } },
      level: { 'ui:widget': 'radio', 'ui:enumNames': ['甲', '乙'] },
      nature: { 'ui:options': { dictionary: 'CompanyNature' } },
    },
  },
});

const valid = {
  name: '张三',
  mobile: '13800138000',
  remark: '好的',
  code: 'E123',
  amount: 12.5,
  count: 3,
  level: 'a',
  nature: '1',
  tags: ['x'],
  urgent: true,
  day: '2026-02-28',
  at: '2026-02-28T10:00:00+08:00',
};

describeDb(`form schemes (${dbLabel})`, () => {
  const cast = castOf('fm_clerk');
  const create = async (client: Client, body: FormSchemeInput) => expectOk(await client.post(S, body), formSchemeInfo);
  const fill = (client: Client, id: number, data: object) => client.post(`${S}/${id}/instance-form-list`, { data });

  it('saves a form with every field kind, keeps versions, and renders any of them', async () => {
    const first = await create(cast.admin, everything('all_kinds'));
    expect(first).toMatchObject({ version: 1, enabled: true, fieldCount: 12, category: 'hr' });
    expectFailure(await cast.admin.post(S, everything('all_kinds')), 409, '表单编号 all_kinds 已存在');

    // Fields bind in layout order: the UI schema's order first, then the rest.
    const fields = (await cast.clerk.get(`${S}/getBindfields?code=all_kinds`)).json().data as { name: string; kind: string; required: boolean }[];
    expect(fields.slice(0, 3).map((f) => f.name)).toEqual(['name', 'mobile', 'amount']);
    expect(Object.fromEntries(fields.map((f) => [f.name, f.kind]))).toMatchObject({
      remark: 'textarea',
      amount: 'number',
      count: 'integer',
      level: 'radio',
      nature: 'select',
      tags: 'checkboxes',
      urgent: 'switch',
      day: 'date',
      at: 'datetime',
      mobile: 'text',
    });
    expect(fields.find((f) => f.name === 'amount')?.required).toBe(true);

    // A changed document is the next version; an unchanged one is not.
    const doc = everything('all_kinds', { extra: { type: 'string', title: '附加' } });
    const second = expectOk(await cast.admin.call({ method: 'PUT', url: `${S}/${first.id}`, payload: doc }), formSchemeInfo);
    expect(second.version).toBe(2);
    expect(expectOk(await cast.admin.call({ method: 'PUT', url: `${S}/${first.id}`, payload: { ...doc, name: '改名' } }), formSchemeInfo).version).toBe(2);
    const history = (await cast.admin.get(`${S}/${first.id}/history`)).json().data as { version: number; fieldCount: number; createUserName: string }[];
    expect(history.map((h) => [h.version, h.fieldCount])).toEqual([
      [2, 13],
      [1, 12],
    ]);
    expect(history[0].createUserName).not.toBe('');
    const old = expectOk(await cast.clerk.get(`${S}/getBySchemeId/${first.id}?version=1`), formSchemeInfo);
    expect(Object.keys(old.document.schema.properties)).not.toContain('extra');
    expect(Object.keys(expectOk(await cast.clerk.get(`${S}/getBySchemeId/${first.id}`), formSchemeInfo).document.schema.properties)).toContain('extra');
    expectFailure(await cast.clerk.get(`${S}/getBySchemeId/${first.id}?version=9`), 404, '表单不存在');
  });

  it('refuses a broken design with a clear message and keeps the old one', async () => {
    const base = everything('broken');
    const broken = (schema: object) => ({ ...base, document: { ...base.document, schema: { ...base.document.schema, ...schema } } });
    expectFailure(await cast.admin.post(S, broken({ properties: { '1bad': { type: 'string' } } })), 400, /字段名须以字母开头|表单设计不正确/);
    expectFailure(await cast.admin.post(S, broken({ properties: { a: { type: 'string', pattern: '([' } } })), 400, '正则表达式无效');
    expectFailure(await cast.admin.post(S, broken({ properties: { a: { type: 'number', minimum: 5, maximum: 1 } } })), 400, '最小值不能大于最大值');
    expectFailure(await cast.adminEn.post(S, broken({ properties: { a: { type: 'string', $ref: '#/x' } } })), 400, /The form design is invalid/);
    expectFailure(await cast.admin.post(S, broken({ properties: {} })), 400, '表单至少需要一个字段');
    expectFailure(await cast.admin.post(S, broken({ required: ['ghost'] })), 400, /表单设计不正确/);
    expectFailure(await cast.admin.post(S, { ...base, code: 'has space' }), 400, '表单编号只能包含字母、数字、下划线或连字符');
    expect((await cast.admin.get(`${S}/page?name=broken`)).json().data.total).toBe(0);
  });

  it('checks filled-in data on the server with the same rules, in the request language', async () => {
    const scheme = await create(cast.admin, everything('data_rules'));
    const record = expectOk(await fill(cast.admin, scheme.id, { ...valid, mobile: '' }), formInstance);
    expect(record.data).not.toHaveProperty('mobile');
    expect(record.version).toBe(1);
    const cases: [object, string, string?][] = [
      [{ name: undefined }, '请填写姓名', 'Please fill in 姓名'],
      [{ name: 'John' }, '请输入2到4个汉字的姓名', undefined],
      [{ mobile: '12345' }, '请输入正确的手机号码', undefined],
      [{ remark: 'x' }, '备注至少需要2个字符', '备注 needs at least 2 characters'],
      [{ remark: 'x'.repeat(11) }, '备注最多10个字符'],
      [{ code: 'X1' }, '工号格式不正确'],
      [{ amount: 0 }, '金额不能小于1', '金额 cannot be less than 1'],
      [{ amount: 6000 }, '金额不能大于5000'],
      [{ amount: '12' }, '金额的值类型不正确'],
      [{ count: 1.5 }, '人数的值类型不正确'],
      [{ level: 'c' }, '级别的选项无效'],
      [{ nature: '99' }, '公司性质的选项无效'],
      [{ tags: ['x', 'x'] }, '标签的选项无效'],
      [{ tags: [] }, '标签至少选择1项'],
      [{ day: '2026-02-30' }, '请输入有效的日期'],
      [{ at: 'tomorrow' }, '请输入有效的日期'],
      [{ ghost: 1 }, '表单没有字段 ghost', 'The form has no field ghost'],
    ];
    for (const [change, zh, en] of cases) {
      const data = { ...valid, ...change };
      expectFailure(await fill(cast.admin, scheme.id, data), 422, zh);
      if (en) expectFailure(await fill(cast.adminEn, scheme.id, data), 422, en);
    }
    expectFailure(await cast.admin.post(`${S}/${scheme.id}/instance-form-list`, { data: 'x' }), 400);
    expectFailure(await cast.admin.post(`${S}/${scheme.id}/instance-form-list`, { data: { 'a\u0000': 1 } }), 400, '表单数据格式不正确');
    expectFailure(await cast.admin.post(`${S}/${scheme.id}/instance-form-list`, { data: { ...valid, remark: 'a\u0000b' } }), 400, '表单数据格式不正确');
    expectFailure(await cast.admin.post(`${S}/2147483648/instance-form-list`, { data: valid }), 400);
    expectFailure(await cast.server.app.inject({ method: 'GET', url: `${S}/${scheme.id}/info` }), 401);
    // Only the valid record was written.
    const page = expectOk(await cast.admin.get(`${S}/instance-form-list?F_FormId=${scheme.id}`), pageOf(formInstance));
    expect(page.records.map((r) => r.primaryKey)).toEqual([record.primaryKey]);

    // A change is checked the same way and moves the record to the current version.
    expectFailure(
      await cast.admin.call({ method: 'PUT', url: `${S}/${scheme.id}/instance-form-list/${record.primaryKey}`, payload: { data: { ...valid, amount: -1 } } }),
      422,
      '金额不能小于1',
    );
    const changed = expectOk(
      await cast.admin.call({ method: 'PUT', url: `${S}/${scheme.id}/instance-form-list/${record.primaryKey}`, payload: { data: { ...valid, amount: 99 } } }),
      formInstance,
    );
    expect(changed.data.amount).toBe(99);
    expectFailure(
      await cast.admin.call({ method: 'PUT', url: `${S}/${scheme.id}/instance-form-list/00000000-0000-4000-8000-000000000000`, payload: { data: valid } }),
      404,
      '记录不存在',
    );
    const one = expectOk(await cast.admin.get(`${S}/instance-form-list?F_FormId=${scheme.id}&primaryKey=${record.primaryKey}`), pageOf(formInstance));
    expect(one.records[0].data.amount).toBe(99);
  });

  it('keeps exactly one default, and a disabled form takes no data', async () => {
    const page = async () => expectOk(await cast.admin.get(`${S}/page?size=100`), pageOf(formScheme)).records;
    const a = await create(cast.admin, everything('def_a'));
    const b = await create(cast.admin, everything('def_b'));
    const patch = (url: string) => cast.admin.call({ method: 'PATCH', url });
    expectOk(await patch(`${S}/${a.id}/set-default/1`), formScheme);
    expect((await page()).filter((s) => s.isDefault).map((s) => s.id)).toEqual([a.id]);
    // Concurrent switches still leave one default.
    await Promise.all([patch(`${S}/${a.id}/set-default/1`), patch(`${S}/${b.id}/set-default/1`), patch(`${S}/${a.id}/set-default/1`)]);
    expect((await page()).filter((s) => s.isDefault)).toHaveLength(1);
    expectOk(await patch(`${S}/${b.id}/set-default/1`), formScheme);
    expectFailure(await patch(`${S}/${b.id}/set-default/0`), 409, /必须有一个默认表单/);
    expectFailure(await patch(`${S}/${b.id}/set-enable/0`), 409, /默认表单不能停用/);
    expectFailure(await cast.admin.call({ method: 'DELETE', url: `${S}/${b.id}` }), 409, /默认表单不能删除/);

    expect(expectOk(await patch(`${S}/${a.id}/set-enable/0`), formScheme).enabled).toBe(false);
    expectFailure(await fill(cast.admin, a.id, valid), 422, /未启用/);
    expectFailure(await patch(`${S}/${a.id}/set-default/1`), 409, '已停用的表单不能设为默认');
    const bindable = (await cast.clerk.get('/api/macro-flow/form-scheme')).json().data as { id: number; isDefault: boolean }[];
    expect(bindable.map((f) => f.id)).not.toContain(a.id);
    expect(bindable[0]).toMatchObject({ id: b.id, isDefault: true });

    // A form with data is kept; one without goes.
    expectOk(await patch(`${S}/${a.id}/set-enable/1`), formScheme);
    expectOk(await fill(cast.admin, a.id, valid), formInstance);
    expectFailure(await cast.admin.call({ method: 'DELETE', url: `${S}/${a.id}` }), 409, /表单已有填写的数据或列表页/);
    const c = await create(cast.admin, everything('def_c'));
    expect((await cast.admin.call({ method: 'DELETE', url: `${S}/${c.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${S}/${c.id}/info`), 404, '表单不存在');
  });

  it('list pages over a form name its fields as columns', async () => {
    const scheme = await create(cast.admin, everything('rel_form'));
    expectFailure(await cast.admin.post('/api/form-relation', { name: '列表', schemeId: scheme.id, columns: ['name', 'ghost'] }), 422, '表单没有字段 ghost');
    expectFailure(await cast.admin.post('/api/form-relation', { name: '列表', schemeId: scheme.id, columns: [] }), 400, '请至少选择一个列');
    const relation = expectOk(
      await cast.admin.post('/api/form-relation', { name: '人员列表', schemeId: scheme.id, columns: ['name', 'amount', 'name'] }),
      formRelation,
    );
    expect(relation).toMatchObject({ schemeName: scheme.name, columns: ['name', 'amount'] });
    const changed = expectOk(
      await cast.admin.call({ method: 'PUT', url: `/api/form-relation/${relation.id}`, payload: { name: '人员', schemeId: scheme.id, columns: ['mobile'] } }),
      formRelation,
    );
    expect(changed.columns).toEqual(['mobile']);
    expect(expectOk(await cast.admin.get('/api/form-relation?name=人员'), pageOf(formRelation)).records.map((r) => r.id)).toContain(relation.id);
    expectFailure(await cast.admin.call({ method: 'DELETE', url: `${S}/${scheme.id}` }), 409, /列表页/);
    expect((await cast.admin.call({ method: 'DELETE', url: `/api/form-relation/${relation.id}` })).json().data).toEqual({ removed: 1 });
  });

  it('offers the system forms, read-only, with the spec message for an unknown one', async () => {
    const list = (await cast.clerk.get('/api/macro-flow/form-scheme/systemform')).json().data as { id: string; code: string }[];
    expect(list.map((f) => f.code)).toEqual(['system:leave', 'system:expense']);
    expect((await cast.clerk.get('/api/macro-flow/form-scheme/systemform?F_Type=finance')).json().data.map((f: { id: string }) => f.id)).toEqual(['expense']);
    expect((await cast.clerk.get('/api/macro-flow/form-scheme/systemform/leave')).json().data.document.schema.required).toContain('days');
    expectFailure(await cast.clerk.get('/api/macro-flow/form-scheme/systemform/nosuch'), 404, '系统表单配置错误，无组件地址');
    expect(((await cast.clerk.get(`${S}/getBindfields?code=system:leave`)).json().data as { name: string }[]).map((f) => f.name)).toEqual([
      'leaveType',
      'days',
      'startDate',
      'endDate',
      'reason',
    ]);
    expectFailure(await cast.clerk.get(`${S}/getBindfields?code=nosuch`), 404, '表单不存在');
  });

  it('keeps forms to their tenant and their codes', async () => {
    const scheme = await create(cast.admin, everything('own_form'));
    const record = expectOk(await fill(cast.admin, scheme.id, valid), formInstance);
    expectFailure(await cast.other.get(`${S}/${scheme.id}/info`), 404);
    expectFailure(await cast.other.get(`${S}/getBySchemeId/${scheme.id}`), 404);
    expectFailure(await fill(cast.other, scheme.id, valid), 404);
    expectFailure(await cast.other.get(`${S}/getBindfields?code=own_form`), 404);
    expectFailure(await cast.other.get(`${S}/instance-form-list?F_FormId=${scheme.id}&primaryKey=${record.primaryKey}`), 404);
    expect((await cast.other.get(`${S}/page?name=own_form`)).json().data.total).toBe(0);
    // The clerk holds no code of the screen: reading to render is allowed, managing is not.
    expectOk(await cast.clerk.get(`${S}/getBySchemeId/${scheme.id}`), formSchemeInfo);
    expectFailure(await cast.clerk.get(`${S}/page`), 403);
    expectFailure(await cast.clerk.post(S, everything('clerk_form')), 403);
    expectFailure(await fill(cast.clerk, scheme.id, valid), 403);
    expectFailure(await cast.clerk.call({ method: 'PATCH', url: `${S}/${scheme.id}/set-default/1` }), 403);
  });

  it('checks the data a process starts with against the form its start node binds', async () => {
    await create(cast.admin, everything('wf_form'));
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_formed" targetNamespace="http://macro.console/test">
  <bpmn:process id="formed" name="Formed" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:extensionElements><macro:node><macro:form formKey="wf_form"/></macro:node></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${cast.adminId}"/><macro:form formKey="wf_form"><macro:field name="name" permission="readonly"/></macro:form></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expectOk(
      await cast.admin.post('/api/macro-flow/model-scheme-info/new-model', { name: '带表单', code: 'formed', category: 'finance', xml }),
      z.object({ id: z.number() }),
    );
    const start = (variables: object) => cast.admin.post('/api/macro-flow/workflow-task/create-process', { code: 'formed', title: 'T', variables });
    expectFailure(await start({ ...valid, amount: 0 }), 422, '金额不能小于1');
    expectFailure(await start({ mobile: '13800138000' }), 422, '请填写姓名');
    const started = expectOk(await start(valid), z.object({ instanceId: z.number() }));
    const todo = (await cast.admin.get('/api/macro-flow/workflow-task/upcoming-task?size=100')).json().data.records as {
      taskId: number;
      processInstanceId: number;
    }[];
    const task = todo.find((t) => t.processInstanceId === started.instanceId)!;
    // The approver's changes are checked too, with what the process already holds.
    expectFailure(
      await cast.admin.post('/api/macro-flow/workflow-task/task-handle', { taskId: task.taskId, action: 'approve', variables: { amount: 9999 } }),
      422,
      '金额不能大于5000',
    );
    expectOk(
      await cast.admin.post('/api/macro-flow/workflow-task/task-handle', { taskId: task.taskId, action: 'approve', variables: { amount: 100 } }),
      z.object({ done: z.literal(true) }),
    );
    // The request's own page shows the data on the form they were entered on.
    const view = (await cast.admin.get(`/api/macro-flow/workflow-task/view-process?processInstanceId=${started.instanceId}`)).json().data;
    expect(view).toMatchObject({ formKey: 'wf_form', variables: { amount: 100 } });
  });

  it('an approval node without a form of its own shows the start form, read-only', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_bare" targetNamespace="http://macro.console/test">
  <bpmn:process id="bare" name="Bare" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:extensionElements><macro:node><macro:form formKey="wf_form"/></macro:node></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${cast.adminId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expectOk(
      await cast.admin.post('/api/macro-flow/model-scheme-info/new-model', { name: '仅发起表单', code: 'bare', category: 'finance', xml }),
      z.object({ id: z.number() }),
    );
    const started = expectOk(
      await cast.admin.post('/api/macro-flow/workflow-task/create-process', { code: 'bare', title: 'B', variables: valid }),
      z.object({ instanceId: z.number() }),
    );
    const todo = (await cast.admin.get('/api/macro-flow/workflow-task/upcoming-task?size=100')).json().data.records as {
      taskId: number;
      processInstanceId: number;
    }[];
    const task = todo.find((t) => t.processInstanceId === started.instanceId)!;
    const detail = (await cast.admin.get(`/api/macro-flow/workflow-task/process-mytask?taskId=${task.taskId}`)).json().data;
    expect(detail).toMatchObject({ node: { id: 'check', formKey: null }, startFormKey: 'wf_form', variables: valid });
  });
});
