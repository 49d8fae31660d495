import type { Actor, Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type DataScopePort, defineDataResource, requestDataScope } from './dataScope.ts';

const USERS = defineDataResource({ code: 'user', owner: 'created_by', dept: 'dept_id', fields: {} });
const DEPTS = defineDataResource({ code: 'department', owner: 'created_by', dept: 'id', fields: {} });
const actor: Actor = { tenantId: 't', userId: 7, account: 'viewer', ip: '127.0.0.1', language: 'zh' };
const tx = {} as Tx;

/** A port that counts how often the request asks it to resolve a resource. */
function countingPort() {
  const asked: string[] = [];
  const port: DataScopePort = {
    async predicate(_tx, _actor, resource) {
      asked.push(resource.code);
      return sql`t.dept_id in (1, 2)`;
    },
  };
  return { port, asked };
}

describe("the route context's dataScope", () => {
  it('asks nothing when the first statement found no scope on a declared resource', async () => {
    const { port, asked } = countingPort();
    const dataScope = requestDataScope(port, tx, actor, [USERS], []);
    const predicate: SQL = await dataScope(USERS);
    expect(asked).toEqual([]);
    expect(new PgDialect().sqlToQuery(predicate).sql).toBe('true');
  });

  it('resolves a held resource once per request, however often the handler asks', async () => {
    const { port, asked } = countingPort();
    const dataScope = requestDataScope(port, tx, actor, [USERS], ['user']);
    const [first, second] = await Promise.all([dataScope(USERS), dataScope(USERS)]);
    expect(first).toBe(second);
    expect(asked).toEqual(['user']);
    // A new request starts afresh: nothing is remembered across requests.
    await requestDataScope(port, tx, actor, [USERS], ['user'])(USERS);
    expect(asked).toEqual(['user', 'user']);
  });

  it('resolves a resource the route did not declare, or when the first statement did not say', async () => {
    const { port, asked } = countingPort();
    await requestDataScope(port, tx, actor, [USERS], [])(DEPTS);
    await requestDataScope(port, tx, actor, [USERS], null)(USERS);
    await requestDataScope(port, tx, actor, undefined, null)(USERS);
    expect(asked).toEqual(['department', 'user', 'user']);
  });
});
