import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { dataKeyOf, secretBox } from '../../platform/secrets.ts';
import { type Client, dbLabel, describeDb, expectOk, signedInServer, TENANT, type TestServer } from '../../test/helper.ts';
import { resealLinkPasswords } from './reseal.ts';
import { databaseLinks } from './tables.ts';

describeDb(`sealing link passwords again after a data key rotation (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const link = async (client: Client, name: string, password: string) =>
    expectOk(
      await client.post('/api/database-links', {
        name,
        kind: 'postgresql',
        host: '127.0.0.1',
        port: 5432,
        database: 'postgres',
        username: 'postgres',
        password,
      }),
      z.object({ id: z.number() }),
    ).id;
  const sealedOf = async () =>
    new Map(
      (await server.database.db.select({ id: databaseLinks.id, sealed: databaseLinks.passwordSealed }).from(databaseLinks)).map((r) => [r.id, r.sealed ?? '']),
    );

  it("moves every tenant's link passwords to the new key, names what no configured key opens, and changes nothing twice", async () => {
    const mine = await link(admin, 'reseal-a', 'secret-a');
    const theirs = await link(other, 'reseal-b', 'secret-b');
    const oldKey = dataKeyOf(server.config.dataKey);
    const newKey = dataKeyOf('b'.repeat(64));
    const stray = secretBox(dataKeyOf('c'.repeat(64)));
    // A value sealed under a key nobody configured any more.
    const lost = await link(admin, 'reseal-lost', 'x');
    await server.database.db
      .update(databaseLinks)
      .set({ passwordSealed: stray.seal('lost') })
      .where(eq(databaseLinks.id, lost));

    const rotated = secretBox(newKey, [oldKey]);
    const report = await resealLinkPasswords(server.database.db, rotated);
    expect(report.resealed).toBeGreaterThanOrEqual(2);
    expect(report.unopened).toEqual([`${TENANT}/${lost}`]);
    const after = await sealedOf();
    // Under the new key alone, both open to what was typed; the old key no longer opens them.
    const newOnly = secretBox(newKey);
    expect(newOnly.open(after.get(mine)!)).toBe('secret-a');
    expect(newOnly.open(after.get(theirs)!)).toBe('secret-b');
    expect(() => secretBox(oldKey).open(after.get(mine)!)).toThrow();
    expect(stray.open(after.get(lost)!)).toBe('lost');

    const again = await resealLinkPasswords(server.database.db, rotated);
    expect(again.resealed).toBe(0);
    expect(again.current).toBe(report.resealed + report.current);
    expect((await sealedOf()).get(mine)).toBe(after.get(mine));
  });
});
