import { fieldOption, formInstance, formSchemeInfo, type FormSchemeInput } from '@macro/contract/forms';
import { withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk, listening, TENANT } from '../../test/helper.ts';

const S = '/api/form-scheme';
const hasPostgres = await listening(5432);
if (!hasPostgres) console.warn('forms: no PostgreSQL on 127.0.0.1:5432, choices from data sources are not tested');

const SCHEMA = `form_ds_${dbLabel}_${process.pid}`;
const owner = () => new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });

/** A form whose drop-down, single and multiple choices take their options from the data source `id`. */
const staffForm = (code: string, id: number, value = 'id', label = 'name'): FormSchemeInput => ({
  code,
  name: code,
  document: {
    schema: {
      type: 'object',
      properties: {
        staff: { type: 'string', title: '员工' },
        backup: { type: 'string', title: '替补' },
        team: { type: 'array', title: '成员', items: { type: 'string' }, uniqueItems: true },
        note: { type: 'string', title: '备注' },
      },
    },
    uiSchema: {
      staff: { 'ui:options': { dataSource: { id, value, label } } },
      backup: { 'ui:widget': 'radio', 'ui:options': { dataSource: { id, value } } },
      team: { 'ui:widget': 'checkboxes', 'ui:options': { dataSource: { id, value, label } } },
    },
  },
});

describeDb(`choices filled from a data source (${dbLabel})`, () => {
  const cast = castOf('fm_ds_clerk');
  const options = z.array(fieldOption);

  describe.skipIf(!hasPostgres)('on a PostgreSQL link', () => {
    let linkId: number;
    let sourceId: number;
    let otherSourceId: number;
    let needyId: number;
    const saveSource = async (client: Client, linkId: number, name: string, extra: object = {}) =>
      expectOk(
        await client.post('/api/data-sources', {
          name,
          linkId,
          sql: 'select id, name, dept from staff where dept = @dept order by id',
          parameters: [{ name: 'dept', defaultValue: 'sales' }],
          ...extra,
        }),
        z.object({ id: z.number() }),
      ).id;
    const link = async (client: Client) =>
      expectOk(
        await client.post('/api/database-links', {
          name: `staff-${SCHEMA}`,
          kind: 'postgresql',
          host: '127.0.0.1',
          port: 5432,
          database: 'postgres',
          username: 'postgres',
          schema: SCHEMA,
        }),
        z.object({ id: z.number() }),
      ).id;

    beforeAll(async () => {
      const client = owner();
      await client.connect();
      await client.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
        create table ${SCHEMA}.staff (id integer primary key, name text, dept text not null);
        insert into ${SCHEMA}.staff values (1, '张三', 'sales'), (2, '李四', 'dev'), (3, '王五', 'sales'), (4, null, 'sales'), (5, '张三', 'sales');`);
      await client.end();
      linkId = await link(cast.admin);
      sourceId = await saveSource(cast.admin, linkId, '销售员工');
      needyId = await saveSource(cast.admin, linkId, '任意部门员工', { parameters: [{ name: 'dept', required: true }] });
      otherSourceId = await saveSource(cast.other, await link(cast.other), '别家员工');
    });
    afterAll(async () => {
      const client = owner();
      await client.connect();
      await client.query(`drop schema if exists ${SCHEMA} cascade`);
      await client.end();
    });

    it('keeps a design only when its data source is the tenant’s, has the columns named and needs no parameter a form cannot give', async () => {
      expectFailure(await cast.adminEn.post(S, staffForm('ds_column', sourceId, 'id', 'nope')), 422, 'The data source of 员工 has no column "nope"');
      expectFailure(await cast.admin.post(S, staffForm('ds_missing', 2_147_483_647)), 422, '员工的数据源不存在');
      // Another tenant's data source is no data source here.
      expectFailure(await cast.adminEn.post(S, staffForm('ds_foreign', otherSourceId)), 422, 'The data source of 员工 does not exist');
      expectFailure(await cast.adminEn.post(S, staffForm('ds_needy', needyId)), 422, /^The data source of 员工 needs the parameter dept/);
      // A dictionary beside it is refused before anything is read.
      const twice = staffForm('ds_twice', sourceId);
      twice.document.uiSchema.staff = { 'ui:options': { dataSource: { id: sourceId, value: 'id' }, dictionary: 'CompanyNature' } };
      expectFailure(await cast.adminEn.post(S, twice), 400, /员工 takes its options from one place/);
    });

    it('offers the distinct values with their labels to whoever may fill the form, never to another tenant', async () => {
      const scheme = expectOk(await cast.admin.post(S, staffForm('ds_offer', sourceId)), formSchemeInfo);
      const url = (field: string) => `${S}/${scheme.id}/fields/${field}/options`;
      const expected = [
        { value: '1', label: '张三' },
        { value: '3', label: '王五' },
        { value: '4', label: '4' },
        { value: '5', label: '张三' },
      ];
      expect(expectOk(await cast.admin.get(url('staff')), options)).toEqual(expected);
      // A person who fills the form in holds no code of data sources, nor of forms.
      expect(expectOk(await cast.clerk.get(url('team')), options)).toEqual(expected);
      expect(expectOk(await cast.admin.get(url('backup')), options).map((o) => o.label)).toEqual(['1', '3', '4', '5']);
      expectFailure(await cast.other.get(url('staff')), 404);
      expectFailure(await cast.adminEn.get(url('note')), 404, '备注 does not take its options from a data source');
      expectFailure(await cast.adminEn.get(url('nobody')), 404, 'The form has no field nobody');
    });

    it('saves a record only with values the data source offers, naming the field of another', async () => {
      const scheme = expectOk(await cast.admin.post(S, staffForm('ds_record', sourceId)), formSchemeInfo);
      const fill = (client: Client, data: object) => client.post(`${S}/${scheme.id}/instance-form-list`, { data });
      const saved = expectOk(await fill(cast.admin, { staff: '3', backup: '4', team: ['1', '5'], note: 'ok' }), formInstance);
      expect(saved.data).toEqual({ staff: '3', backup: '4', team: ['1', '5'], note: 'ok' });
      // 李四 is of another department: the data source does not offer him.
      expectFailure(await fill(cast.adminEn, { staff: '2' }), 422, '员工 has an option that is not offered');
      expectFailure(await fill(cast.admin, { staff: '1', team: ['1', '2'] }), 422, '成员的选项无效');
      expectFailure(await fill(cast.adminEn, { backup: 3 }), 422, '替补 has a value of the wrong type');
      const changed = await cast.adminEn.put(`${S}/${scheme.id}/instance-form-list/${saved.primaryKey}`, { data: { staff: '2' } });
      expectFailure(changed, 422, '员工 has an option that is not offered');
    });

    it('keeps a data source while a form’s field takes its options from it, and names that field', async () => {
      const used = await saveSource(cast.admin, linkId, '在用员工');
      const design = { ...staffForm('ds_used', used), name: '请假单' };
      design.document.uiSchema['ui:order'] = ['note', 'team', 'staff', 'backup'];
      const scheme = expectOk(await cast.admin.post(S, design), formSchemeInfo);
      const remove = (client: Client) => client.delete(`/api/data-sources?ids=${used}`);
      expectFailure(await remove(cast.admin), 409, '表单“请假单”的字段“成员”使用数据源“在用员工”，不能删除');
      expectFailure(
        await remove(cast.adminEn),
        409,
        'Field "成员" of form "请假单" takes its options from data source "在用员工", which therefore cannot be deleted',
      );
      expectFailure(await remove(cast.adminJa), 409, 'フォーム「请假单」のフィールド「成员」がデータソース「在用员工」を使用しているため、削除できません');
      // Nothing was removed.
      expect(expectOk(await cast.admin.get(`/api/data-sources/${used}`), z.object({ id: z.number() })).id).toBe(used);
      // The fields stop taking their options from it: nothing names it any more.
      const { uiSchema: _, ...rest } = design.document;
      expectOk(await cast.admin.put(`${S}/${scheme.id}`, { ...design, document: { ...rest, uiSchema: {} } }), formSchemeInfo);
      expectOk(await remove(cast.admin), z.object({ removed: z.literal(1) }));
    });

    it('never both keeps a design naming a data source and removes that data source, when the two race', async () => {
      // The removal starts at moments across the save, from before it reads the data source to after.
      for (const [round, delay] of [0, 2, 5, 10, 15, 20, 30, 40].entries()) {
        const raced = await saveSource(cast.admin, linkId, `竞争-${round}`);
        const [saved, removed] = await Promise.all([
          cast.admin.post(S, staffForm(`ds_race_${round}`, raced)),
          new Promise((resolve) => setTimeout(resolve, delay)).then(() => cast.admin.delete(`/api/data-sources?ids=${raced}`)),
        ]);
        // Either the design is kept and the removal refused, or the data source is gone and the design refused.
        expect([
          [200, 409],
          [422, 200],
        ]).toContainEqual([saved.statusCode, removed.statusCode]);
      }
    });

    it('refuses a record, never with a 500, once its data source is gone', async () => {
      const doomed = await saveSource(cast.admin, linkId, '将删除');
      const scheme = expectOk(await cast.admin.post(S, staffForm('ds_gone', doomed)), formSchemeInfo);
      // Removal is refused while the form names it; a row lost another way (restored from a backup, say) is what is left.
      expectFailure(await cast.admin.delete(`/api/data-sources?ids=${doomed}`), 409);
      await withTenant(cast.server.database.db, TENANT, (tx) => tx.execute(sql`delete from macro_data_source where id = ${doomed}`));
      expectFailure(await cast.adminEn.post(`${S}/${scheme.id}/instance-form-list`, { data: { staff: '1' } }), 422, 'The data source of 员工 does not exist');
      expectFailure(await cast.admin.get(`${S}/${scheme.id}/fields/staff/options`), 422, '员工的数据源不存在');
      // A record that leaves the choices empty reads no data source.
      expectOk(await cast.admin.post(`${S}/${scheme.id}/instance-form-list`, { data: { note: 'none chosen' } }), formInstance);
    });
  });
});
