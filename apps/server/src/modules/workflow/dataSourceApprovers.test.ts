import { dataSource } from '@macro/contract/datasources';
import { scheme, started } from '@macro/contract/workflow';
import { rowsOf, withTenant } from '@macro/store';
import { actorsOfOpenTasks } from '@macro/workflow';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  expectOk,
  listening,
  OTHER_TENANT,
  signedInServer,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

/*
 * An SQL approver rule naming a data source: the data source runs on its database link with
 * parameters taken from the process, and its column's user ids (those of the tenant) approve.
 */

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';

const [hasPostgres, hasMariadb] = await Promise.all([listening(5432), listening(3306)]);
if (!hasPostgres) console.warn('workflow data source approvers: no PostgreSQL on 127.0.0.1:5432, not tested');
if (!hasMariadb) console.warn('workflow data source approvers: no MariaDB/MySQL on 127.0.0.1:3306, its link is not tested');

const RUN = `${dbLabel}_${process.pid}`;
const TABLE = `wf_staff_${RUN}`;

/** Start → Pick (its approvers from the data source `id`, `column` if given) → end. */
const pickXml = (code: string, id: number | string, column?: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/test">
  <bpmn:process id="${code}" name="${code}" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="pick" name="Pick"><bpmn:extensionElements><macro:node><macro:approver kind="sql" dataSource="${id}"${column ? ` column="${column}"` : ''}/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="pick"/>
    <bpmn:sequenceFlow id="f2" sourceRef="pick" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

describeDb(`approvers from a data source (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  let adminId: number;
  /** Users of the tenant: two in sales, one in R&D; and a user of the other tenant, listed in sales too. */
  const staff = { salesA: 0, salesB: 0, rd: 0, stranger: 0 };
  /** Rows of the linked table: user ids by department, with an id that is nobody's. */
  const rows = () => [
    [staff.salesB, 'sales'],
    [staff.salesA, 'sales'],
    [staff.salesA, 'sales'],
    [staff.rd, 'rd'],
    [987_654, 'sales'],
    [staff.stranger, 'sales'],
    [adminId, 'boss'],
  ];

  beforeAll(async () => {
    ({ server, admin, adminEn, other, adminId } = await signedInServer());
    await withTenant(server.database.db, TENANT, async (tx) => {
      staff.salesA = await createUser(tx, { account: 'ds_sales_a', name: 'Sales A', password: 'Flow@123456' });
      staff.salesB = await createUser(tx, { account: 'ds_sales_b', name: 'Sales B', password: 'Flow@123456' });
      staff.rd = await createUser(tx, { account: 'ds_rd', name: 'R&D', password: 'Flow@123456' });
    });
    staff.stranger = await withTenant(server.database.db, OTHER_TENANT, (tx) =>
      createUser(tx, { account: 'ds_stranger', name: 'Stranger', password: 'Flow@123456' }),
    );
  });
  afterAll(() => server.close());

  const link = async (body: object) => expectOk(await admin.post('/api/database-links', body), z.object({ id: z.number() })).id;
  const source = async (body: object) => expectOk(await admin.post('/api/data-sources', body), dataSource).id;
  const deploy = (client: Client, code: string, xml: string) => client.post(`${SCHEME}/new-model`, { name: code, code, category: 'finance', xml });
  const start = (client: Client, code: string, variables: Record<string, unknown>) => client.post(`${TASK}/create-process`, { code, title: code, variables });
  /** Who may act on the instance's open tasks, by node. */
  const actors = async (instanceId: number) =>
    withTenant(server.database.db, TENANT, async (tx) =>
      [...(await actorsOfOpenTasks(tx, instanceId)).values()].map((users) => [...users].sort((a, b) => a - b)),
    );
  const instances = async (code: string) =>
    rowsOf(await server.database.db.execute(sql`select i.id from wf_instance i join wf_definition d on d.id = i.definition_id where d.key = ${code}`)).length;

  const backends = [
    {
      name: 'PostgreSQL',
      available: hasPostgres,
      async create() {
        const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
        await client.connect();
        await client.query(`drop schema if exists ${TABLE} cascade; create schema ${TABLE}; create table ${TABLE}.staff (uid bigint, dept text)`);
        for (const [uid, dept] of rows()) await client.query(`insert into ${TABLE}.staff values ($1, $2)`, [uid, dept]);
        await client.end();
        return link({ name: `wf-pg-${RUN}`, kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', schema: TABLE });
      },
      async drop() {
        const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
        await client.connect();
        await client.query(`drop schema if exists ${TABLE} cascade`);
        await client.end();
      },
      table: 'staff',
    },
    {
      name: 'MariaDB',
      available: hasMariadb,
      async create() {
        const connection = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
        await connection.query(`drop table if exists ${TABLE}`);
        await connection.query(`create table ${TABLE} (uid bigint, dept varchar(20))`);
        for (const [uid, dept] of rows()) await connection.query(`insert into ${TABLE} values (?, ?)`, [uid, dept]);
        await connection.end();
        return link({ name: `wf-maria-${RUN}`, kind: 'mysql', host: '127.0.0.1', port: 3306, database: 'test', username: 'root' });
      },
      async drop() {
        const connection = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
        await connection.query(`drop table if exists ${TABLE}`);
        await connection.end();
      },
      table: TABLE,
    },
  ];

  describe.each(backends)('on a $name link', (backend) => {
    const tag = backend.name === 'PostgreSQL' ? 'pg' : 'my';
    const code = (name: string) => `ds-${tag}-${name}`;
    let byDept: number;
    let self: number;
    beforeAll(async () => {
      if (!backend.available) return;
      const linkId = await backend.create();
      byDept = await source({
        name: `按部门-${tag}`,
        linkId,
        sql: `select dept, uid from ${backend.table} where dept = @dept`,
        parameters: [{ name: 'dept', label: '部门', type: 'text', required: true }],
      });
      self = await source({
        name: `发起人-${tag}`,
        linkId,
        sql: `select uid from ${backend.table} where uid = @starterId and @instanceId > 0`,
        parameters: [
          { name: 'starterId', type: 'number', required: true },
          { name: 'instanceId', type: 'number', required: true },
        ],
      });
    });
    afterAll(async () => {
      if (backend.available) await backend.drop();
    });

    it.skipIf(!backend.available)("gives the task to exactly the tenant's users of the column, the department from a form field", async () => {
      expect((await deploy(admin, code('dept'), pickXml(code('dept'), byDept, 'uid'))).statusCode).toBe(200);
      const sales = expectOk(await start(admin, code('dept'), { dept: 'sales' }), started);
      // Nobody's id (987654) and the other tenant's user are dropped; a repeated id counts once.
      expect(await actors(sales.instanceId)).toEqual([[staff.salesA, staff.salesB].sort((a, b) => a - b)]);
      const rd = expectOk(await start(admin, code('dept'), { dept: 'rd' }), started);
      expect(await actors(rd.instanceId)).toEqual([[staff.rd]]);
    });

    it.skipIf(!backend.available)('reads the first column without one named, and the starter and instance ids from the process', async () => {
      expect((await deploy(admin, code('self'), pickXml(code('self'), self))).statusCode).toBe(200);
      const run = expectOk(await start(admin, code('self'), {}), started);
      expect(await actors(run.instanceId)).toEqual([[adminId]]);
      // The first column of the department source is the department, no user id: nobody approves.
      expect((await deploy(admin, code('first'), pickXml(code('first'), byDept))).statusCode).toBe(200);
      expectFailure(await start(adminEn, code('first'), { dept: 'sales' }), 422, 'No next-node handler for Pick, so the operation failed');
    });

    it.skipIf(!backend.available)('refuses the start naming the node when a parameter is missing or of another type, or nobody is named', async () => {
      await deploy(admin, code('refuse'), pickXml(code('refuse'), byDept, 'uid'));
      expectFailure(
        await start(adminEn, code('refuse'), {}),
        422,
        'The approver data source of Pick needs dept, which the process does not hold, so the operation failed',
      );
      expectFailure(await start(admin, code('refuse'), { dept: '' }), 422, '节点 Pick 的审批人数据源需要参数 dept，流程中没有该值，操作失败');
      expectFailure(
        await start(adminEn, code('refuse'), { dept: ['sales'] }),
        422,
        "The process's value of dept does not fit the approver data source of Pick, so the operation failed",
      );
      expectFailure(await start(adminEn, code('refuse'), { dept: 'nobody' }), 422, 'No next-node handler for Pick, so the operation failed');
      await deploy(admin, code('column'), pickXml(code('column'), byDept, 'user_id'));
      expectFailure(
        await start(adminEn, code('column'), { dept: 'sales' }),
        422,
        'The approver data source of Pick has no column "user_id", so the operation failed',
      );
      expect(await instances(code('refuse'))).toBe(0);
    });

    it.skipIf(!backend.available)("refuses a model naming a data source the tenant does not have: another tenant's, or none", async () => {
      for (const [client, id] of [
        [other, byDept],
        [admin, 2_000_000_000],
      ] as const) {
        const response = await deploy(client, code(`missing-${id}`), pickXml(code(`missing-${id}`), id, 'uid'));
        expectFailure(response, 422, `流程配置无效：UserTask pick：审批人数据源 ${id} 不存在`);
        const lint = (await client.post(`${SCHEME}/lint`, { xml: pickXml('x', id) })).json().data;
        expect(lint).toEqual([expect.objectContaining({ elementId: 'pick', code: 'approverDataSourceMissing' })]);
      }
      const [notAnId] = (await adminEn.post(`${SCHEME}/lint`, { xml: pickXml('x', 'abc') })).json().data;
      expect(notAnId).toMatchObject({ elementId: 'pick', message: 'The approver rule names its data source by id, a whole number from 1' });
    });

    it.skipIf(!backend.available)('keeps the rule through export and import: the saved XML, deployed again, still resolves', async () => {
      const created = expectOk(await deploy(admin, code('trip'), pickXml(code('trip'), byDept, 'uid')), scheme);
      const exported = (await admin.get(`${SCHEME}/info?modelId=${created.id}`)).json().data.xml as string;
      expect(exported).toContain(`dataSource="${byDept}" column="uid"`);
      const updated = await admin.call({
        method: 'PUT',
        url: `${SCHEME}/update`,
        payload: { id: created.id, name: 'trip again', category: 'finance', xml: exported },
      });
      expect(updated.statusCode).toBe(200);
      const run = expectOk(await start(admin, code('trip'), { dept: 'rd' }), started);
      expect(await actors(run.instanceId)).toEqual([[staff.rd]]);
    });
  });
});
