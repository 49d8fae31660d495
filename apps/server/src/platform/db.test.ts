import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowsOf, sendAhead, withTenant } from '@macro/store';
import { openPglite } from '@macro/store/pglite';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, describeDb, startServer, TENANT, type TestServer } from '../test/helper.ts';

/*
 * The database's transactions as the server opens them (db.ts): on PostgreSQL BEGIN and a
 * tenant's scope are sent without waiting for their answers, on PGlite the driver's text types
 * are the client's own. Either way a transaction is whole and scoped from its first statement.
 */
describeDb(`transactions (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const paramsNamed = async (key: string) =>
    rowsOf<{ n: number }>(
      await withTenant(server.database.requestDb, TENANT, (tx) => tx.execute(sql`select count(*)::int as n from macro_param where param_key = ${key}`)),
    )[0].n;

  it('runs the first statement inside the transaction', async () => {
    const [first, second] = await server.database.requestDb.transaction(async (tx) => {
      const [a] = rowsOf<{ at: string; xid: string }>(await tx.execute(sql`select now()::text as at, txid_current()::text as xid`));
      await tx.execute(sql`select pg_sleep(0.02)`);
      const [b] = rowsOf<{ at: string; xid: string }>(await tx.execute(sql`select now()::text as at, txid_current()::text as xid`));
      return [a, b];
    });
    // One transaction: one start time and one transaction id for both statements.
    expect(second).toEqual(first);
  });

  it("scopes the work's first statement to the tenant, and keeps nothing of work that fails", async () => {
    const [tenant] = await withTenant(server.database.requestDb, TENANT, async (tx) =>
      rowsOf<{ tenant: string; role: string }>(await tx.execute(sql`select current_setting('app.tenant_id', true) as tenant, current_user as role`)),
    );
    expect(tenant).toEqual({ tenant: TENANT, role: 'macro_app' });

    const failing = withTenant(server.database.requestDb, TENANT, async (tx) => {
      await tx.execute(sql`insert into macro_param (param_name, param_key, param_value) values ('probe', 'db.test.rollback', '1')`);
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(await paramsNamed('db.test.rollback')).toBe(0);

    await withTenant(server.database.requestDb, TENANT, (tx) =>
      tx.execute(sql`insert into macro_param (param_name, param_key, param_value) values ('probe', 'db.test.kept', '1')`),
    );
    expect(await paramsNamed('db.test.kept')).toBe(1);
  });

  it('reports a refused scope as the failure, not the aborted work behind it', async () => {
    const refused = withTenant(server.database.requestDb, TENANT, (tx) => tx.execute(sql`select 1`), 'no_such_role');
    // 22023: the role named in the scope does not exist; the work's own error would be 25P02.
    await expect(refused).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22023' }) });
  });

  it('answers with the statement that failed, and the connection serves the next transaction', async () => {
    const failing = server.database.requestDb.transaction(async (tx) => {
      await tx.execute(sql`select 1/0`);
    });
    await expect(failing).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
    const [row] = rowsOf<{ one: number }>(await server.database.requestDb.transaction((tx) => tx.execute(sql`select 1 as one`)));
    expect(row.one).toBe(1);
  });

  it('takes writes sent ahead: the statements after them see them, and the commit keeps them', async () => {
    const seen = await withTenant(server.database.requestDb, TENANT, async (tx) => {
      await sendAhead(tx, tx.execute(sql`insert into macro_param (param_name, param_key, param_value) values ('probe', 'db.test.ahead', '1')`));
      return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from macro_param where param_key = 'db.test.ahead'`))[0].n;
    });
    expect(seen).toBe(1);
    expect(await paramsNamed('db.test.ahead')).toBe(1);
  });

  it('fails a transaction whose write sent ahead was refused, with that refusal, keeping none of it', async () => {
    const insert = (key: string) => sql`insert into macro_param (param_name, param_key, param_value) values ('probe', ${key}, '1')`;
    // Refused as the last statement: the commit behind it rolls back, and the refusal is thrown.
    const last = withTenant(server.database.requestDb, TENANT, async (tx) => {
      await tx.execute(insert('db.test.ahead.last'));
      await sendAhead(tx, tx.execute(sql`select 1/0`));
    });
    await expect(last).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
    expect(await paramsNamed('db.test.ahead.last')).toBe(0);
    // Refused before other work: the aborted statements behind it are not what is reported.
    const early = withTenant(server.database.requestDb, TENANT, async (tx) => {
      await sendAhead(tx, tx.execute(sql`select 1/0`));
      await tx.execute(insert('db.test.ahead.early'));
    });
    await expect(early).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
    expect(await paramsNamed('db.test.ahead.early')).toBe(0);
  });

  it('sends values and reads results the same way on both databases', async () => {
    const [row] = await withTenant(server.database.requestDb, TENANT, async (tx) =>
      rowsOf<Record<string, unknown>>(
        await tx.execute(
          sql`select ${sql.param([1, 2, 3])}::int[] as ints, ${sql.param(['a', 'b"c', null])}::text[] as texts, ${JSON.stringify({ n: 1, s: '测试' })}::jsonb as doc,
            ${true}::boolean as yes, ${null}::text as nothing, ${'9007199254740993'}::bigint::text as big, ${12.5}::numeric as amount,
            ${new Date('2026-01-02T03:04:05.678Z')}::timestamptz = timestamptz '2026-01-02 03:04:05.678+00' as same_instant`,
        ),
      ),
    );
    expect(row).toEqual({
      ints: [1, 2, 3],
      texts: ['a', 'b"c', null],
      doc: { n: 1, s: '测试' },
      yes: true,
      nothing: null,
      big: '9007199254740993',
      amount: '12.5',
      same_instant: true,
    });
    // A statement's refusal carries the database's code, and a later one in a new transaction runs.
    const refused = withTenant(server.database.requestDb, TENANT, (tx) => tx.execute(sql`select ${'x'}::int`));
    await expect(refused).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22P02' }) });
    const counted = await withTenant(server.database.requestDb, TENANT, (tx) =>
      tx.execute(sql`update macro_param set param_value = param_value where param_key = 'db.test.kept'`),
    );
    expect(counted).toMatchObject(server.database.kind === 'pglite' ? { affectedRows: 1 } : { rowCount: 1 });
  });

  it('hands timestamps, dates and intervals back as text, as every query reads them', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await server.database.db.execute(
        sql`select timestamptz '2026-01-02 03:04:05+00' as tz, timestamp '2026-01-02 03:04:05' as ts, date '2026-01-02' as d, interval '1 day' as i`,
      ),
    );
    expect(row.ts).toBe('2026-01-02 03:04:05');
    expect(row.d).toBe('2026-01-02');
    expect(row.i).toBe('1 day');
    expect(typeof row.tz).toBe('string');
    expect(String(row.tz)).toMatch(/^2026-01-0[12] \d\d:04:05/);
  });
});

describe.runIf(dbLabel === 'pglite')('an embedded database (@macro/store/pglite)', () => {
  const setting = async (db: PgliteDatabase, name: string) => rowsOf<Record<string, string>>(await db.execute(sql.raw(`show ${name}`)))[0][name];

  it('in memory, keeps a small buffer cache and a small log, and its dump carries its data without empty log segments', async () => {
    const fresh = await openPglite({});
    try {
      expect(await setting(fresh.db, 'shared_buffers')).toBe('16MB');
      expect(await setting(fresh.db, 'wal_segment_size')).toBe('1MB');
      await fresh.db.execute(sql`create table probe as select g as id, repeat('x', 100) as filler from generate_series(1, 1000) g`);
      await fresh.client.exec('checkpoint');
      // With PostgreSQL's defaults the log alone is two 16 MB segments, in every dump.
      const log = rowsOf<{ bytes: number }>(await fresh.db.execute(sql`select sum(size)::int as bytes from pg_ls_waldir()`))[0].bytes;
      expect(log).toBeLessThanOrEqual(8 * 1024 * 1024);
      const dump = await fresh.dump();
      const copy = await openPglite({ loadDataDir: dump });
      try {
        expect(rowsOf<{ n: number }>(await copy.db.execute(sql`select count(*)::int as n from probe`))[0].n).toBe(1000);
        expect(await setting(copy.db, 'shared_buffers')).toBe('16MB');
      } finally {
        await copy.client.close();
      }
    } finally {
      await fresh.client.close();
    }
  });

  it('on disk, keeps PostgreSQL’s own settings', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'macro-pglite-'));
    const onDisk = await openPglite({ dataDir: folder });
    try {
      expect(await setting(onDisk.db, 'shared_buffers')).toBe('128MB');
      expect(await setting(onDisk.db, 'wal_segment_size')).toBe('16MB');
    } finally {
      await onDisk.client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
