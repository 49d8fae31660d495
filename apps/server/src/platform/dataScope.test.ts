import type { Actor, Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type DataScopePort, defineDataResource, requestDataScope } from './dataScope.ts';

const USERS = defineDataResource({ code: 'user', owner: 'created_by', dept: 'dept_id', fields: {} });
const DEPTS = defineDataResource({ code: 'department', owner: 'created_by', dept: 'id', fields: {} });
const actor: Actor = { tenantId: 't', userId: 7, account: 'viewer', ip: '127.0.0.1', language: 'zh' };
const tx = {} as Tx;
const text = (predicate: SQL) => new PgDialect().sqlToQuery(predicate).sql;

/**
 * A port that counts how often the request asks it to resolve a resource on its own, and reads
 * a first statement's value as a list of department ids (empty: nothing held).
 */
function countingPort() {
  const asked: string[] = [];
  const port: DataScopePort = {
    async predicate(_tx, _actor, resource) {
      asked.push(resource.code);
      return sql.raw('t.dept_id in (1, 2)');
    },
    prefetch: {
      sql: () => sql`'{}'::json`,
      predicate: (_actor, _resource, value) => ((value as number[]).length ? sql.raw(`t.dept_id in (${(value as number[]).join(', ')})`) : sql`true`),
    },
  };
  return { port, asked };
}

describe("the route context's dataScope", () => {
  it('takes a declared resource from the first statement without asking again', async () => {
    const { port, asked } = countingPort();
    const dataScope = requestDataScope(port, tx, actor, [USERS], { user: [3, 4] });
    expect(text(await dataScope(USERS))).toBe('t.dept_id in (3, 4)');
    expect(text(await requestDataScope(port, tx, actor, [USERS], { user: [] })(USERS))).toBe('true');
    expect(asked).toEqual([]);
  });

  it('resolves a resource once per request, however often the handler asks, and afresh on `fresh`', async () => {
    const { port, asked } = countingPort();
    const dataScope = requestDataScope(port, tx, actor, [USERS], null);
    const [first, second] = await Promise.all([dataScope(USERS), dataScope(USERS)]);
    expect(first).toBe(second);
    expect(asked).toEqual(['user']);
    // After the request's own writes the handler asks again, even for a prefetched resource.
    await requestDataScope(port, tx, actor, [USERS], { user: [3] }).fresh(USERS);
    // A new request starts afresh: nothing is remembered across requests.
    await requestDataScope(port, tx, actor, [USERS], null)(USERS);
    expect(asked).toEqual(['user', 'user', 'user']);
  });

  it('resolves a resource the route did not declare, or that the first statement did not resolve', async () => {
    const { port, asked } = countingPort();
    // A value for an undeclared resource is not trusted: the route did not ask for it.
    await requestDataScope(port, tx, actor, [USERS], { department: [] })(DEPTS);
    await requestDataScope(port, tx, actor, [USERS], {})(USERS);
    await requestDataScope(port, tx, actor, undefined, null)(USERS);
    expect(asked).toEqual(['department', 'user', 'user']);
  });
});
