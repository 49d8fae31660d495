import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dbLabel, describeDb, OTHER_TENANT, TENANT, type TestServer, startServer } from '../test/helper.ts';
import { withTenant as inTenant } from '@macro/store';
import { APP_ROLE } from '@macro/store';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describeDb(`row-level tenant isolation (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('returns no rows to the request role when no tenant is set', async () => {
    const { db } = server.database;
    const rows = rowsOf(
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        return tx.execute(sql`select count(*)::int as n, current_user as who from macro_dict`);
      }),
    );
    expect(rows).toEqual([{ n: 0, who: APP_ROLE }]);
    // The owner sees that the table is not empty: the zero above is the policy at work.
    const all = rowsOf(await db.execute(sql`select count(*)::int as n from macro_dict`));
    expect(all[0].n).toBeGreaterThan(0);
  });

  it('shows each tenant only its own rows, even without a tenant filter in the query', async () => {
    const { db } = server.database;
    const seen = async (tenant: string) => rowsOf(await inTenant(db, tenant, (tx) => tx.execute(sql`select distinct tenant_id from macro_user`)));
    expect(await seen(TENANT)).toEqual([{ tenant_id: TENANT }]);
    expect(await seen(OTHER_TENANT)).toEqual([{ tenant_id: OTHER_TENANT }]);
  });

  it('refuses to write a row into another tenant', async () => {
    const { db } = server.database;
    await expect(
      inTenant(db, TENANT, (tx) =>
        tx.execute(sql`insert into macro_dict (tenant_id, kind, code, dict_key, dict_value) values (${OTHER_TENANT}, 'system', 'x', 'k', 'v')`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const moved = await inTenant(db, TENANT, (tx) => tx.execute(sql`update macro_dict set dict_value = 'hacked' where tenant_id = ${OTHER_TENANT}`));
    expect((moved as { affectedRows?: number; rowCount?: number }).affectedRows ?? (moved as { rowCount: number }).rowCount).toBe(0);
  });

  it('runs requests as a role that is neither superuser nor owner', async () => {
    const rows = rowsOf(await server.database.db.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`));
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });
});
