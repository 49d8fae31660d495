import { codeRule, codeRuleNumber, type CodeRulePart } from '@macro/contract/coderules';
import { type Actor, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { tablesOf } from '../../modules.ts';
import { openDatabase } from '../../platform/db.ts';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, signIn, TENANT, type TestServer } from '../../test/helper.ts';
import { takeNumber } from './service.ts';

const BASE = '/api/code-rules';

/** 采购单号: PO, the day, a four-digit sequence that starts again each day. */
const DAILY: CodeRulePart[] = [
  { kind: 'text', value: 'PO' },
  { kind: 'date', format: 'yyyyMMdd' },
  { kind: 'text', value: '-' },
  { kind: 'sequence', width: 4, start: 1, step: 1, reset: 'daily' },
];

describeDb(`code rules (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminId: number;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, adminId, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const create = async (client: Client, code: string, name: string, parts: CodeRulePart[] = DAILY, extra = {}) =>
    expectOk(await client.post(BASE, { code, name, parts, ...extra }), codeRule);
  const gen = async (client: Client, id: number) => expectOk(await client.get(`${BASE}/${id}/gen`), codeRuleNumber);
  const today = () => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
    return ['year', 'month', 'day'].map((type) => parts.find((p) => p.type === type)!.value).join('');
  };

  it('creates, lists, changes and removes a rule; the list shows what its next number looks like', async () => {
    const created = await create(admin, 'po', '采购单号', DAILY, { sort: 3, remark: '采购' });
    expect(created).toMatchObject({ code: 'po', name: '采购单号', sort: 3, remark: '采购', timeZone: 'Asia/Shanghai', lastSequence: null });
    expect(created.example).toBe(`PO${today()}-0001`);
    const listed = (await admin.get(`${BASE}/list?name=${encodeURIComponent('采购')}`)).json().data;
    expect(listed.records.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(expectOk(await admin.get(BASE), codeRule.pick({ id: true, code: true, name: true }).array()).map((r) => r.code)).toContain('po');

    const parts: CodeRulePart[] = [{ kind: 'text', value: 'PO2' }, ...DAILY.slice(1)];
    const updated = expectOk(await admin.put(`${BASE}/${created.id}`, { code: 'po', name: '采购单号二', parts }), codeRule);
    expect(updated).toMatchObject({ name: '采购单号二', example: `PO2${today()}-0001` });
    expect((await admin.delete(`${BASE}/${created.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`${BASE}/${created.id}/gen`), 404, '编码规则不存在');
    expectFailure(await admin.put(`${BASE}/${created.id}`, { code: 'po', name: 'x', parts }), 404);
  });

  it('hands out consecutive numbers from the start by the step, and the list shows the last one taken', async () => {
    const rule = await create(admin, 'contract', '合同编号', [
      { kind: 'text', value: 'HT' },
      { kind: 'date', format: 'yyMMdd' },
      { kind: 'sequence', width: 3, start: 100, step: 5, reset: 'never' },
    ]);
    const first = await gen(admin, rule.id);
    const second = await gen(admin, rule.id);
    expect(first).toEqual({ code: `HT${today().slice(2)}100`, sequence: 100, period: '' });
    expect(second.code).toBe(`HT${today().slice(2)}105`);
    const listed = (await admin.get(`${BASE}/list?code=contract`)).json().data.records[0];
    expect(listed).toMatchObject({ lastSequence: 105, example: `HT${today().slice(2)}110` });
    // A value wider than the width keeps all its digits.
    const narrow = await create(admin, 'narrow', '窄', [{ kind: 'sequence', width: 1, start: 9, step: 1, reset: 'never' }]);
    expect([(await gen(admin, narrow.id)).code, (await gen(admin, narrow.id)).code]).toEqual(['9', '10']);
  });

  it("puts the tenant's, the company's and the department's codes and random characters where the rule says", async () => {
    const rule = await create(admin, 'mixed', '组合', [
      { kind: 'tenant' },
      { kind: 'text', value: '/' },
      { kind: 'company' },
      { kind: 'text', value: '/' },
      { kind: 'dept' },
      { kind: 'text', value: '/' },
      { kind: 'random', length: 6, charset: 'digits' },
      { kind: 'random', length: 4, charset: 'letters' },
      { kind: 'sequence', width: 2, start: 1, step: 1, reset: 'yearly' },
    ]);
    const codes = await withTenant(server.database.db, TENANT, async (tx) => {
      const rows = await tx.execute(sql`select d.dept_code, c.company_code from macro_user u join macro_dept d on d.id = u.dept_id
        join macro_company c on c.id = d.company_id where u.account = 'admin'`);
      return (rows as unknown as { rows: { dept_code: string; company_code: string }[] }).rows[0];
    });
    const taken = await gen(admin, rule.id);
    expect(taken.code).toMatch(new RegExp(`^${TENANT}/${codes?.company_code ?? ''}/${codes?.dept_code ?? ''}/\\d{6}[A-Z]{4}01$`));
    expect(taken.period).toBe(today().slice(0, 4));
  });

  it('gives 1,000 concurrent takers 1,000 different numbers, with no gap', async () => {
    const rule = await create(admin, 'busy', '并发', [
      { kind: 'text', value: 'B' },
      { kind: 'sequence', width: 6, start: 1, step: 1, reset: 'never' },
    ]);
    const servers: Client[] = [admin];
    const extra: { close: () => Promise<unknown> }[] = [];
    if (server.databaseUrl) {
      // A second server on the same PostgreSQL database, with its own pool: as two replicas would be.
      const database = await openDatabase({ databaseUrl: server.databaseUrl, tables: tablesOf(server.modules), prepared: true });
      const app = await buildApp({ config: server.config, database, modules: server.modules });
      const replica = { ...server, app, database };
      servers.push(as(replica, (await signIn(replica)).access_token));
      extra.push(app, database);
    }
    try {
      const numbers = await Promise.all(Array.from({ length: 1000 }, (_, i) => gen(servers[i % servers.length], rule.id)));
      const values = numbers.map((n) => n.sequence).sort((a, b) => a - b);
      expect(new Set(numbers.map((n) => n.code)).size).toBe(1000);
      expect(values).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    } finally {
      for (const closing of extra) await closing.close();
    }
  });

  it("starts a daily sequence again at midnight in the rule's time zone, not the server's", async () => {
    const rule = await create(admin, 'tokyo', '东京', DAILY, { timeZone: 'Asia/Tokyo' });
    const audit = server.modules.find((m) => m.audit)!.audit!;
    const actor: Actor = { tenantId: TENANT, userId: 1, account: 'admin', ip: '127.0.0.1', language: 'zh' };
    const takeAt = (at: string) => withTenant(server.database.db, TENANT, (tx) => takeNumber({ tx, actor, audit }, rule.id, new Date(at)));
    // 23:58 and 23:59 in Tokyo are 14:58 and 14:59 UTC; 00:00 in Tokyo is 15:00 UTC.
    expect((await takeAt('2026-03-01T14:58:00Z')).code).toBe('PO20260301-0001');
    expect((await takeAt('2026-03-01T14:59:30Z')).code).toBe('PO20260301-0002');
    expect(await takeAt('2026-03-01T15:00:00Z')).toMatchObject({ code: 'PO20260302-0001', period: '20260302' });
    expect((await takeAt('2026-03-01T20:00:00Z')).code).toBe('PO20260302-0002');
  });

  it("numbers a form's auto-number field on the server when a record is first saved, keeps it after, and never takes the client's value", async () => {
    const rule = await create(admin, 'expense', '报销单号', [
      { kind: 'text', value: 'BX' },
      { kind: 'sequence', width: 5, start: 1, step: 1, reset: 'never' },
    ]);
    const document = (codeRule: number) => ({
      schema: { type: 'object', properties: { no: { type: 'string', title: '单号' }, item: { type: 'string', title: '事项' } }, required: ['item'] },
      uiSchema: { 'ui:order': ['no', 'item'], no: { 'ui:widget': 'autoNumber', 'ui:options': { codeRule } } },
    });
    const S = '/api/form-scheme';
    for (const [kind, path, body] of [
      ['a form of records', S, { code: 'bx_form', name: '报销单', document: document(rule.id) }],
      ['a form with its own table', `${S}/customtable`, { code: 'bx_table', name: '报销表', tableName: 'bx_table', document: document(rule.id) }],
    ] as const) {
      const made = await admin.post(path, body);
      const scheme = made.json().data as { id: number };
      expect(scheme, made.body).not.toBeNull();
      expect(scheme.id, kind).toBeGreaterThan(0);
      const save = async (data: object) =>
        (await admin.post(`${S}/${scheme.id}/instance-form-list`, { data })).json().data as { primaryKey: string; data: Record<string, unknown> };
      const first = await save({ item: '差旅', no: 'FORGED-1' });
      const second = await save({ item: '餐费' });
      expect([first.data.no, second.data.no], kind).toEqual(kind === 'a form of records' ? ['BX00001', 'BX00002'] : ['BX00003', 'BX00004']);
      // A change keeps the record's number, whatever is sent for it.
      const changed = (await admin.put(`${S}/${scheme.id}/instance-form-list/${first.primaryKey}`, { data: { item: '差旅（改）', no: 'BX99999' } })).json()
        .data;
      expect(changed.data, kind).toMatchObject({ item: '差旅（改）', no: first.data.no });
    }
    // A rule a form's field takes its numbers from cannot be removed; the refusal names the use.
    expectFailure(await admin.delete(`${BASE}/${rule.id}`), 409, '表单“报销单”的字段“单号”使用编码规则“报销单号”，不能删除');
    expect((await gen(admin, rule.id)).sequence).toBe(5);
    // A field bound to a rule the tenant does not have is refused when the form is saved.
    const foreign = await create(other, 'foreign', '外部');
    expectFailure(await admin.post(S, { code: 'bx_bad', name: '坏表单', document: document(foreign.id) }), 422, '单号的编码规则不存在');
    expectFailure(await adminEn.post(S, { code: 'bx_bad', name: '坏表单', document: document(0) }), 422, 'The code rule of 单号 does not exist');
  });

  it('gives a process its number when it starts with a form holding an auto-number field, and keeps it through the approval', async () => {
    const rule = await create(admin, 'claim', '申请单号', [
      { kind: 'text', value: 'SQ' },
      { kind: 'sequence', width: 3, start: 1, step: 1, reset: 'never' },
    ]);
    const document = {
      schema: { type: 'object', properties: { no: { type: 'string', title: '单号' }, item: { type: 'string', title: '事项' } }, required: ['item'] },
      uiSchema: { 'ui:order': ['no', 'item'], no: { 'ui:widget': 'autoNumber', 'ui:options': { codeRule: rule.id } } },
    };
    expect((await admin.post('/api/form-scheme', { code: 'sq_form', name: '申请单', document })).statusCode).toBe(200);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_sq" targetNamespace="http://macro.console/test">
  <bpmn:process id="sq" name="申请" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:extensionElements><macro:node><macro:form formKey="sq_form"/></macro:node></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:userTask id="check" name="审核"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${adminId}"/><macro:form formKey="sq_form"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expect((await admin.post('/api/macro-flow/model-scheme-info/new-model', { name: '申请', code: 'sq', category: 'finance', xml })).statusCode).toBe(200);
    const start = async () =>
      (await admin.post('/api/macro-flow/workflow-task/create-process', { code: 'sq', title: '申请', variables: { item: '采购', no: 'FORGED' } })).json().data
        .instanceId as number;
    const variablesOf = async (instanceId: number) =>
      (await admin.get(`/api/macro-flow/workflow-task/view-process?processInstanceId=${instanceId}`)).json().data.variables as Record<string, unknown>;
    const [first, second] = [await start(), await start()];
    expect([(await variablesOf(first)).no, (await variablesOf(second)).no]).toEqual(['SQ001', 'SQ002']);
    const todo = (await admin.get('/api/macro-flow/workflow-task/upcoming-task?size=100')).json().data.records as {
      taskId: number;
      processInstanceId: number;
    }[];
    const task = todo.find((t) => t.processInstanceId === first)!;
    const handled = await admin.post('/api/macro-flow/workflow-task/task-handle', {
      taskId: task.taskId,
      action: 'approve',
      variables: { item: '采购（改）', no: 'SQ999' },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(await variablesOf(first)).toMatchObject({ item: '采购（改）', no: 'SQ001' });
  });

  it("keeps code and name unique in a tenant, in the reader's language, but not across tenants", async () => {
    await create(admin, 'uniq', '唯一');
    expectFailure(await admin.post(BASE, { code: 'uniq', name: 'x', parts: DAILY }), 409, '编号「uniq」已存在');
    expectFailure(await adminEn.post(BASE, { code: 'other', name: '唯一', parts: DAILY }), 409, 'Name "唯一" already exists');
    await create(other, 'uniq', '唯一');
    // Two creations of one code at once: one rule, the other told why.
    const raced = await Promise.all([1, 2].map((n) => admin.post(BASE, { code: 'raced', name: `并发 ${n}`, parts: DAILY })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await admin.get(`${BASE}/list?code=raced`)).json().data.records).toHaveLength(1);
  });

  it('refuses a rule without exactly one sequence, with bad parts or an unknown time zone, with a message, and keeps nothing', async () => {
    const sequence = DAILY[3];
    const refused: [unknown, string][] = [
      [{ code: 'bad1', name: 'b', parts: [{ kind: 'text', value: 'A' }] }, '规则必须包含且只包含一个流水号部件'],
      [{ code: 'bad2', name: 'b', parts: [sequence, sequence] }, '规则必须包含且只包含一个流水号部件'],
      [{ code: 'bad3', name: 'b', parts: [] }, '请至少添加一个部件'],
      [{ code: 'bad4', name: 'b', parts: [sequence, { kind: 'date', format: 'dd/MM' }] }, '日期格式无效'],
      [{ code: 'bad5', name: 'b', parts: [sequence, { kind: 'text', value: 'a b' }] }, '固定文本只能包含文字、数字和 _ - . / #'],
      [{ code: 'bad6', name: 'b', parts: [{ ...sequence, width: 13 }] }, '超出允许范围'],
      [{ code: 'bad7', name: 'b', parts: [{ ...sequence, step: 0 }] }, '超出允许范围'],
      [{ code: 'bad8', name: 'b', parts: [sequence, { kind: 'script', value: 'x' }] }, '规则部件无效'],
      [{ code: 'bad9', name: 'b', parts: Array.from({ length: 11 }, (_, i) => (i === 0 ? sequence : { kind: 'tenant' })) }, '部件最多 10 个'],
      [{ code: 'bad10', name: 'b', parts: DAILY, timeZone: 'Mars/Olympus' }, '时区无效'],
      [{ code: 'bad11', name: 'b', parts: DAILY, timeZone: "Asia/Shanghai'; drop table x" }, '时区无效'],
      [{ name: 'b', parts: DAILY }, '请输入编号'],
    ];
    for (const [body, message] of refused) expectFailure(await admin.post(BASE, body), 400, message);
    expectFailure(await adminEn.post(BASE, { code: 'bad', name: 'b', parts: [{ kind: 'tenant' }] }), 400, 'A rule needs exactly one sequence part');
    expectFailure(await admin.get(`${BASE}/abc/gen`), 400);
    expect((await admin.get(`${BASE}/list?code=bad`)).json().data.records).toEqual([]);
  });

  it('another tenant can neither read, change, take from nor remove a rule', async () => {
    const mine = await create(admin, 'private', '私有');
    expectFailure(await other.get(`${BASE}/${mine.id}/gen`), 404);
    expectFailure(await other.put(`${BASE}/${mine.id}`, { code: 'stolen', name: 'stolen', parts: DAILY }), 404);
    expectFailure(await other.delete(`${BASE}/${mine.id}`), 404);
    expect((await other.get(`${BASE}/list?code=private`)).json().data.records).toEqual([]);
    expect((await gen(admin, mine.id)).sequence).toBe(1);
  });
});
