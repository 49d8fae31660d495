import { customTableColumnRefusal, formInstance, formSchemeInfo, removed, type CustomTableInput } from '@macro/contract/forms';
import { pageOf, POSTGRES_SYSTEM_COLUMNS } from '@macro/contract';
import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const S = '/api/form-scheme';

const table = (code: string, tableName: string, extra: Record<string, object> = {}): CustomTableInput => ({
  code,
  name: `数据表 ${code}`,
  tableName,
  document: {
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', title: '标题', maxLength: 50 },
        amount: { type: 'number', title: '金额', minimum: 0 },
        people: { type: 'integer', title: '人数' },
        urgent: { type: 'boolean', title: '加急' },
        day: { type: 'string', title: '日期', format: 'date' },
        at: { type: 'string', title: '时间', format: 'date-time' },
        tags: { type: 'array', title: '标签', items: { type: 'string', enum: ['x', 'y'] } },
        ...extra,
      },
      required: ['title'],
    },
    uiSchema: {},
  },
});

const row = { title: '差旅', amount: 1234.56, people: 3, urgent: true, day: '2026-03-01', at: '2026-03-01T08:30:00+00:00', tags: ['x', 'y'] };

describeDb(`custom-table form schemes (${dbLabel})`, () => {
  const cast = castOf('ct_clerk');
  const columns = async (schemeId: number) =>
    rowsOf<{ name: string; type: string }>(
      await cast.server.database.db.execute(
        sql`select column_name as name, data_type as type from information_schema.columns where table_name = ${`macro_ct_${schemeId}`} order by ordinal_position`,
      ),
    );
  const policies = async (schemeId: number) =>
    rowsOf<{ n: number }>(await cast.server.database.db.execute(sql`select count(*)::int as n from pg_policies where tablename = ${`macro_ct_${schemeId}`}`))[0]
      .n;
  const fill = (client: Client, id: number, data: object) => client.post(`${S}/${id}/instance-form-list`, { data });

  it('creates a real table with a typed column per field, row-level security, and writes rows into it', async () => {
    const scheme = expectOk(await cast.admin.post(`${S}/customtable`, table('ct_trip', 'trip')), formSchemeInfo);
    expect(scheme.tableName).toBe('trip');
    const made = Object.fromEntries((await columns(scheme.id)).map((c) => [c.name, c.type]));
    expect(made).toMatchObject({
      id: 'uuid',
      tenant_id: 'text',
      title: 'text',
      amount: 'numeric',
      people: 'bigint',
      urgent: 'boolean',
      day: 'date',
      at: 'timestamp with time zone',
      tags: 'jsonb',
    });
    expect(await policies(scheme.id)).toBe(1);

    const record = expectOk(await fill(cast.admin, scheme.id, row), formInstance);
    expect(record.data).toEqual(row);
    // The row is in the table itself, typed, not in the JSON store.
    const [stored] = rowsOf<{ amount: string; day: string; n: number }>(
      await cast.server.database.db.execute(
        sql`select amount::text as amount, day::text as day, (select count(*)::int from macro_form_instance where scheme_id = ${scheme.id}) as n from ${sql.identifier(`macro_ct_${scheme.id}`)} where id = ${record.primaryKey}::uuid`,
      ),
    );
    expect(stored).toEqual({ amount: '1234.56', day: '2026-03-01', n: 0 });

    // Same rules as any form: the server refuses what the form refuses, nothing is written.
    expectFailure(await fill(cast.admin, scheme.id, { ...row, amount: -1 }), 422, '金额不能小于0');
    expectFailure(await fill(cast.admin, scheme.id, { amount: 1 }), 422, '请填写标题');

    const changed = expectOk(
      await cast.admin.put(`${S}/${scheme.id}/instance-form-list/${record.primaryKey}`, { data: { ...row, title: '差旅（改）', urgent: false } }),
      formInstance,
    );
    expect(changed.data).toMatchObject({ title: '差旅（改）', urgent: false });
    const page = expectOk(await cast.admin.get(`${S}/instance-form-list?F_FormId=${scheme.id}`), pageOf(formInstance));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ primaryKey: record.primaryKey, version: 1, data: { title: '差旅（改）', amount: 1234.56 } });
  });

  it('alters the table as the form changes: new columns, old data kept, types fixed', async () => {
    const scheme = expectOk(await cast.admin.post(`${S}/customtable`, table('ct_grow', 'grow')), formSchemeInfo);
    const first = expectOk(await fill(cast.admin, scheme.id, row), formInstance);

    const grown = table('ct_grow', 'grow', { city: { type: 'string', title: '城市' } });
    delete (grown.document.schema.properties as Record<string, unknown>).people;
    const v2 = expectOk(await cast.admin.put(`${S}/customtable/${scheme.id}`, grown), formSchemeInfo);
    expect(v2.version).toBe(2);
    const names = (await columns(scheme.id)).map((c) => c.name);
    expect(names).toContain('city');
    expect(names).toContain('people');
    const second = expectOk(await fill(cast.admin, scheme.id, { title: '新', city: '上海' }), formInstance);
    expect(second).toMatchObject({ version: 2, data: { title: '新', city: '上海' } });
    // The first row still has the value of the field the form no longer shows.
    const old = expectOk(await cast.admin.get(`${S}/instance-form-list?F_FormId=${scheme.id}&primaryKey=${first.primaryKey}`), pageOf(formInstance));
    expect(old.records[0].data).toMatchObject({ people: 3 });

    // A column's type cannot change under its data; the refusal leaves version 2 as it was.
    const retyped = table('ct_grow', 'grow', { city: { type: 'integer', title: '城市' } });
    expectFailure(await cast.admin.put(`${S}/customtable/${scheme.id}`, retyped), 409, /字段 城市 已是数据表的列，类型不能修改/);
    expect(expectOk(await cast.admin.get(`${S}/getFormInfo/${scheme.id}`), formSchemeInfo).version).toBe(2);
    expect((await columns(scheme.id)).find((c) => c.name === 'city')?.type).toBe('text');

    // A plain form cannot be turned into a table by the custom-table call.
    const plain = expectOk(await cast.admin.post(S, { code: 'ct_plain', name: 'plain', document: table('x', 'x').document }), formSchemeInfo);
    expectFailure(await cast.admin.put(`${S}/customtable/${plain.id}`, table('ct_plain', 'plain_t')), 409, '该表单不是数据表表单');
  });

  it('refuses bad table and field names with a message, and a refused create leaves no table', async () => {
    expectFailure(await cast.admin.post(`${S}/customtable`, table('ct_bad', 'Bad Name')), 400, /数据表名须以小写字母开头/);
    expectFailure(await cast.admin.post(`${S}/customtable`, table('ct_bad', '')), 400, '请输入数据表名');
    expectFailure(
      await cast.admin.post(`${S}/customtable`, table('ct_bad', 'bad', { tenant_id: { type: 'string' } })),
      400,
      /字段名 tenant_id 是数据表的系统列/,
    );
    expectFailure(
      await cast.adminEn.post(`${S}/customtable`, table('ct_bad', 'bad', { created_at: { type: 'string' } })),
      400,
      /Field name created_at is a system column/,
    );
    // PostgreSQL's system columns exist in every table: a field of that name cannot be a column (was a 500).
    for (const system of POSTGRES_SYSTEM_COLUMNS) {
      expectFailure(
        await cast.adminEn.post(`${S}/customtable`, table('ct_bad', 'bad', { [system]: { type: 'string' } })),
        400,
        `Field name ${system} is a system column of the table; choose another name`,
      );
    }
    expectFailure(await cast.admin.post(`${S}/customtable`, table('ct_bad', 'bad', { CTID: { type: 'string' } })), 400, /字段名 CTID 是数据表的系统列/);
    // Reserved key words would need quotes in every statement written over the table.
    expectFailure(await cast.admin.post(`${S}/customtable`, table('ct_bad', 'bad', { select: { type: 'string' } })), 400, /字段名 select 是数据库的保留字/);
    expectFailure(
      await cast.adminJa.post(`${S}/customtable`, table('ct_bad', 'bad', { Order: { type: 'integer' } })),
      400,
      /項目名 Order はデータベースの予約語です/,
    );
    expectFailure(
      await cast.adminEn.post(`${S}/customtable`, table('ct_bad', 'bad', { isnull: { type: 'boolean' } })),
      400,
      /Field name isnull is a reserved word of the database/,
    );
    // Words PostgreSQL does not reserve stay usable.
    expectOk(
      await cast.admin.post(
        `${S}/customtable`,
        table('ct_words', 'words', { name: { type: 'string' }, type: { type: 'string' }, comment: { type: 'string' } }),
      ),
      formSchemeInfo,
    );
    expectOk(await cast.admin.post(`${S}/customtable`, table('ct_dup1', 'dup')), formSchemeInfo);
    expectFailure(await cast.admin.post(`${S}/customtable`, table('ct_dup2', 'dup')), 409, '数据表 dup 已存在');
    const before = rowsOf<{ n: number }>(
      await cast.server.database.db.execute(sql`select count(*)::int as n from pg_tables where tablename like 'macro_ct_%'`),
    )[0].n;
    expectFailure(await cast.admin.post(`${S}/customtable`, table('ct_dup1', 'other_name')), 409, '表单编号 ct_dup1 已存在');
    expect(
      rowsOf<{ n: number }>(await cast.server.database.db.execute(sql`select count(*)::int as n from pg_tables where tablename like 'macro_ct_%'`))[0].n,
    ).toBe(before);
  });

  it('refuses those names when a custom-table scheme is changed through the plain update too', async () => {
    const scheme = expectOk(await cast.admin.post(`${S}/customtable`, table('ct_plainput', 'plainput')), formSchemeInfo);
    const plain = (extra: Record<string, object>) => {
      const { code, name, document } = table('ct_plainput', 'plainput', extra);
      return { code, name, document };
    };
    expectFailure(
      await cast.adminEn.put(`${S}/${scheme.id}`, plain({ xmin: { type: 'string' } })),
      400,
      'Field name xmin is a system column of the table; choose another name',
    );
    expectFailure(await cast.admin.put(`${S}/${scheme.id}`, plain({ where: { type: 'string' } })), 400, /字段名 where 是数据库的保留字/);
    expect(expectOk(await cast.admin.get(`${S}/getFormInfo/${scheme.id}`), formSchemeInfo).version).toBe(1);
  });

  it('refuses every name the database itself reserves or keeps as a system column', async () => {
    const { db } = cast.server.database;
    const reserved = rowsOf<{ word: string }>(await db.execute(sql`select word from pg_get_keywords() where catcode in ('R', 'T')`)).map((r) => r.word);
    expect(reserved.length).toBeGreaterThan(70);
    expect(reserved.filter((word) => customTableColumnRefusal(word) !== 'forms.columnKeyword')).toEqual([]);
    const system = rowsOf<{ name: string }>(
      await db.execute(sql`select attname::text as name from pg_attribute where attrelid = 'macro_form_scheme'::regclass and attnum < 0`),
    ).map((r) => r.name);
    expect(system.sort()).toEqual([...POSTGRES_SYSTEM_COLUMNS].sort());
  });

  it('deletes an empty table with its form, and refuses while it holds data', async () => {
    const empty = expectOk(await cast.admin.post(`${S}/customtable`, table('ct_gone', 'gone')), formSchemeInfo);
    expect(expectOk(await cast.admin.delete(`${S}/${empty.id}`), removed)).toEqual({ removed: 1 });
    expect(await columns(empty.id)).toEqual([]);
    const full = expectOk(await cast.admin.post(`${S}/customtable`, table('ct_full', 'full')), formSchemeInfo);
    expectOk(await fill(cast.admin, full.id, row), formInstance);
    expectFailure(await cast.admin.delete(`${S}/${full.id}`), 409, '数据表已有数据，不能删除表单');
    expect((await columns(full.id)).length).toBeGreaterThan(0);
  });

  it('keeps a tenant’s table to that tenant, whatever the request', async () => {
    const scheme = expectOk(await cast.admin.post(`${S}/customtable`, table('ct_own', 'own')), formSchemeInfo);
    const record = expectOk(await fill(cast.admin, scheme.id, row), formInstance);
    expectFailure(await fill(cast.other, scheme.id, row), 404);
    expectFailure(await cast.other.put(`${S}/${scheme.id}/instance-form-list/${record.primaryKey}`, { data: row }), 404);
    expectFailure(await cast.other.get(`${S}/instance-form-list?F_FormId=${scheme.id}`), 404);
    expectFailure(await cast.other.put(`${S}/customtable/${scheme.id}`, table('ct_own', 'own')), 404);
    // The other tenant may use the same table name for a table of its own; the rows stay apart.
    const theirs = expectOk(await cast.other.post(`${S}/customtable`, table('ct_own', 'own')), formSchemeInfo);
    expect(theirs.id).not.toBe(scheme.id);
    expect(expectOk(await cast.other.get(`${S}/instance-form-list?F_FormId=${theirs.id}`), pageOf(formInstance)).total).toBe(0);
    // Called directly with another tenant's scheme, the database function refuses too.
    const direct = cast.server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', '200001', true), set_config('role', 'macro_app', true)`);
      await tx.execute(sql`select macro_custom_table_apply(${scheme.id}, '{"x":"text"}'::jsonb)`);
    });
    const error = (await direct.catch((e: unknown) => e)) as Error & { cause?: Error };
    expect(String(error.cause?.message ?? error.message)).toMatch(/not a custom-table scheme of this tenant/);
  });
});
