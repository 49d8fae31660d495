import { pageOf } from '@macro/contract';
import { dept, deptTreeNode, orgTreeNode } from '@macro/contract/org';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { DATA_SCOPE_TYPE, dataScope } from '@macro/contract/scopes';
import { userBrief, userRecord } from '@macro/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  signIn,
  startServer,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';

const flat = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const PASSWORD = 'Reach@123456';
const sorted = (values: Iterable<string>) => [...values].sort();

/** The scope a kind grants, and what the viewer (in department A) then reaches of the fixture. */
interface Case {
  kind: string;
  users: { scope: Record<string, unknown>; visible: string[]; throwaway: { account: string; dept: 'A' | 'A1' | 'B'; by: 'admin' | 'viewer' } };
  depts: { scope: Record<string, unknown>; visible: string[] };
  /**
   * Creates by the viewer: users (department, account) and departments (parent, name) that land
   * inside the scope are made; outside it they are refused (403) and nothing stays.
   */
  creates: {
    users: { inside: [Dept | null, string][]; outside: [Dept | null, string][] };
    depts: { inside: [Dept | null, string][]; outside: [Dept | null, string][] };
  };
  /**
   * Edits by the viewer of rows it sees: a user moved to a department, a department moved under
   * a parent or renamed; `true` when the row stays inside the scope (saved), `false` when it
   * would leave it (403, nothing written).
   */
  edits: {
    users: [account: string, to: Dept | null, stays: boolean][];
    depts: [name: 'A' | 'A1' | 'B' | 'Mine', change: { parent?: Dept | null; deptName?: string }, stays: boolean][];
  };
}
type Dept = 'A' | 'A1' | 'B';

const CASES: Case[] = [
  {
    kind: 'own department',
    users: {
      scope: { scopeType: DATA_SCOPE_TYPE.ownDept },
      visible: ['reach_a', 'reach_viewer'],
      throwaway: { account: 'reach_gone_a', dept: 'A', by: 'admin' },
    },
    depts: { scope: { scopeType: DATA_SCOPE_TYPE.ownDept }, visible: ['A'] },
    creates: {
      users: {
        inside: [['A', 'cr_own_a']],
        outside: [
          ['A1', 'cr_own_a1'],
          ['B', 'cr_own_b'],
          [null, 'cr_own_none'],
        ],
      },
      depts: {
        inside: [],
        outside: [
          ['A', '本部新组'],
          ['B', '乙新组'],
          [null, '新顶级部门'],
        ],
      },
    },
    edits: {
      users: [
        ['reach_a', 'A1', false],
        ['reach_a', null, false],
      ],
      depts: [['A', { deptName: '甲部门（改）' }, true]],
    },
  },
  {
    kind: 'department and below',
    users: {
      scope: { scopeType: DATA_SCOPE_TYPE.deptAndBelow },
      visible: ['reach_a', 'reach_a1', 'reach_viewer'],
      throwaway: { account: 'reach_gone_a1', dept: 'A1', by: 'admin' },
    },
    depts: { scope: { scopeType: DATA_SCOPE_TYPE.deptAndBelow }, visible: ['A', 'A1'] },
    creates: {
      users: {
        inside: [
          ['A', 'cr_below_a'],
          ['A1', 'cr_below_a1'],
        ],
        outside: [
          ['B', 'cr_below_b'],
          [null, 'cr_below_none'],
        ],
      },
      depts: {
        inside: [
          ['A', '甲新组'],
          ['A1', '甲一新组'],
        ],
        outside: [
          ['B', '乙新组'],
          [null, '新顶级部门'],
        ],
      },
    },
    edits: {
      users: [
        ['reach_a1', 'A', true],
        ['reach_a1', 'B', false],
        ['reach_a1', null, false],
      ],
      depts: [
        ['A1', { parent: 'B' }, false],
        ['A1', { parent: null }, false],
        ['A1', { deptName: '甲一组（改）' }, true],
      ],
    },
  },
  {
    kind: 'own rows',
    users: { scope: { scopeType: DATA_SCOPE_TYPE.ownRows }, visible: ['reach_mine'], throwaway: { account: 'reach_gone_mine', dept: 'B', by: 'viewer' } },
    depts: { scope: { scopeType: DATA_SCOPE_TYPE.ownRows }, visible: ['Mine'] },
    creates: {
      users: {
        inside: [
          ['B', 'cr_mine_b'],
          [null, 'cr_mine_none'],
        ],
        outside: [],
      },
      depts: {
        inside: [
          ['B', '乙自建组'],
          [null, '自建顶级部门'],
        ],
        outside: [],
      },
    },
    edits: {
      users: [
        ['reach_mine', 'A', true],
        ['reach_mine', null, true],
      ],
      depts: [
        ['Mine', { parent: null }, true],
        ['Mine', { parent: 'A' }, true],
      ],
    },
  },
  {
    kind: 'custom rule',
    users: {
      scope: { scopeType: DATA_SCOPE_TYPE.custom, scopeColumn: 'account', scopeOperator: 'contains', scopeValues: ['reach_b'] },
      visible: ['reach_b'],
      throwaway: { account: 'reach_b_gone', dept: 'B', by: 'admin' },
    },
    depts: { scope: { scopeType: DATA_SCOPE_TYPE.custom, scopeColumn: 'dept_name', scopeOperator: 'contains', scopeValues: ['乙'] }, visible: ['B'] },
    creates: {
      users: { inside: [['A', 'reach_b_created']], outside: [['B', 'cr_rule_b']] },
      depts: { inside: [['A', '乙字新组']], outside: [['B', '丙新组']] },
    },
    edits: {
      users: [['reach_b', 'A', true]],
      depts: [
        ['B', { deptName: '丙部门' }, false],
        ['B', { deptName: '乙部门二' }, true],
      ],
    },
  },
];

/**
 * Data scopes reach beyond the page and the detail: edits and removals, trees and lazy lists of
 * departments, the multi and platform-detail reads of users and the company user lists. A row
 * outside the scope answers as another tenant's would: 404 by id, absent from lists.
 */
describeDb(`data scopes narrow every read and write of users and departments (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let viewer: Client;
  let menus: GrantTreeNode[];
  let company = 0;
  const users = new Map<string, number>();
  const depts = new Map<string, number>();
  const roles = { one: 0 };

  const secret = () => encryptPassword(server.publicKey, PASSWORD);
  const createDept = async (client: Client, deptName: string, parentId = 0) =>
    expectOk(await client.post('/api/macro-system/dept/submit', { companyId: company, parentId, deptName }), dept).id;
  const createUser = async (client: Client, account: string, deptId: number | null, roleIds: number[] = []) => {
    const id = expectOk(
      await client.post('/api/macro-user/submit', {
        account,
        name: account,
        deptId,
        password: secret(),
        password2: secret(),
        ...(roleIds.length ? { roleIds } : {}),
      }),
      userRecord,
    ).id;
    users.set(account, id);
    return id;
  };
  const saveScope = async (resourceCode: string, scope: Record<string, unknown>) =>
    expectOk(
      await admin.post('/api/macro-system/data-scope/save', {
        menuId: menus.find((m) => m.code === 'user:view')!.id,
        resourceCode,
        scopeName: `${resourceCode} ${JSON.stringify(scope)}`,
        ...scope,
      }),
      dataScope,
    ).id;
  /** The viewer's role: every user, company and department screen and button, and these scopes. */
  const grant = async (dataScopeIds: number[]) => {
    const menuIds = menus.filter((m) => m.code === 'system' || /^(user|company|dept):/.test(m.code)).map((m) => m.id);
    expect((await admin.post('/api/macro-system/role/grant', { roleIds: [roles.one], menuIds, dataScopeIds })).statusCode).toBe(200);
  };
  const fixtureUsers = () => [...users.keys()].filter((account) => !account.includes('gone'));
  const accountOf = (id: number) => [...users].find(([, v]) => v === id)?.[0];
  const nameOfDept = (id: number) => [...depts].find(([, v]) => v === id)?.[0];
  const only = <T>(values: (T | undefined)[], fixture: Iterable<T>) => {
    const known = new Set(fixture);
    return values.filter((v): v is T => v !== undefined && known.has(v));
  };

  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
    menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode)));
    company = expectOk(await admin.post('/api/companies', { companyName: '可达公司', companyCode: 'reach_co' }), z.object({ id: z.number() })).id;
    depts.set('A', await createDept(admin, '甲部门'));
    depts.set('A1', await createDept(admin, '甲一组', depts.get('A')));
    depts.set('B', await createDept(admin, '乙部门'));
    roles.one = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '可达', roleAlias: 'reach_one' }), roleRecord).id;
    await createUser(admin, 'reach_a', depts.get('A')!);
    await createUser(admin, 'reach_a1', depts.get('A1')!);
    await createUser(admin, 'reach_b', depts.get('B')!);
    await createUser(admin, 'reach_viewer', depts.get('A')!, [roles.one]);
    await grant([]);
    viewer = as(server, (await signIn(server, TENANT, 'reach_viewer', PASSWORD)).access_token);
    // Rows the viewer creates are its own ("own rows").
    await createUser(viewer, 'reach_mine', depts.get('B')!);
    depts.set('Mine', await createDept(viewer, '自建组', depts.get('B')));
  });
  afterAll(() => server.close());

  describe.each(CASES)('$kind', (c) => {
    beforeAll(async () => {
      await grant([await saveScope('user', c.users.scope), await saveScope('department', c.depts.scope)]);
    });
    const hidden = () => fixtureUsers().filter((a) => !c.users.visible.includes(a));
    const hiddenDepts = () => [...depts.keys()].filter((d) => !c.depts.visible.includes(d));

    it('users: multi, platform detail, permissions and the company lists hold only users inside the scope', async () => {
      const ids = fixtureUsers().map((a) => users.get(a)!);
      const multi = expectOk(await viewer.get(`/api/users/multi/${ids.join(',')}`), z.array(userBrief));
      expect(sorted(multi.map((u) => u.account))).toEqual(sorted(c.users.visible));
      for (const account of fixtureUsers()) {
        const id = users.get(account)!;
        const inside = c.users.visible.includes(account);
        for (const url of [
          `/api/macro-user/platform-detail?id=${id}`,
          `/api/users/${id}/permission`,
          `/api/users/${id}/company-users`,
          `/api/users/${id}/sub-company-users`,
        ]) {
          const response = await viewer.get(url);
          if (inside) expect(response.statusCode, `${url} for ${account}: ${response.body}`).toBe(200);
          else expectFailure(response, 404, '用户不存在');
        }
      }
      // Everyone here is in one company: its user lists are the scope's users.
      const anchor = users.get(c.users.visible[0])!;
      const companyUsers = expectOk(await viewer.get(`/api/users/${anchor}/company-users?size=500`), pageOf(userBrief)).records;
      expect(
        sorted(
          only(
            companyUsers.map((u) => u.account),
            fixtureUsers(),
          ),
        ),
      ).toEqual(sorted(c.users.visible));
      const ofCompany = expectOk(await viewer.get(`/api/companies/${company}/users?size=500`), pageOf(userBrief)).records;
      expect(
        sorted(
          only(
            ofCompany.map((u) => u.account),
            fixtureUsers(),
          ),
        ),
      ).toEqual(sorted(c.users.visible));
    });

    it('users: outside the scope nothing can be edited, switched, re-passworded, granted or removed (404, nothing written)', async () => {
      for (const account of fixtureUsers()) {
        const id = users.get(account)!;
        const record = expectOk(await admin.get(`/api/macro-user/detail?id=${id}`), userRecord);
        const { roleIds: _r, postIds: _p, ...fields } = record;
        const change = { ...fields, realName: `${account} (${c.kind})` };
        const calls = [
          () => viewer.post('/api/macro-user/update', change),
          () => viewer.post('/api/macro-user/submit', change),
          () => viewer.call({ method: 'PUT', url: `/api/users/${id}`, payload: change }),
          () => viewer.post('/api/macro-user/update-platform', { id, userType: record.userType, userExt: 'reach' }),
          () => viewer.call({ method: 'PATCH', url: `/api/users/${id}/enabled`, payload: { enabled: true } }),
        ];
        if (account !== 'reach_viewer') {
          calls.push(() => viewer.call({ method: 'PATCH', url: `/api/users/${id}/password`, payload: { password: secret(), password2: secret() } }));
        }
        for (const call of calls) {
          const response = await call();
          if (c.users.visible.includes(account)) expect(response.statusCode, `${account}: ${response.body}`).toBe(200);
          else expectFailure(response, 404, '用户不存在');
        }
        if (!c.users.visible.includes(account)) {
          expect(expectOk(await admin.get(`/api/macro-user/detail?id=${id}`), userRecord).realName).toBe(record.realName);
          expectFailure(await viewer.post('/api/macro-user/grant', { userIds: [id], roleIds: [] }), 404, '用户不存在');
          // Removing yourself is refused before anything else (422), in or out of scope.
          if (account !== 'reach_viewer') {
            expectFailure(await viewer.post(`/api/macro-user/remove?ids=${id}`), 404, '用户不存在');
            expectFailure(await viewer.call({ method: 'DELETE', url: `/api/users/${id}` }), 404, '用户不存在');
          }
          expect((await admin.get(`/api/macro-user/detail?id=${id}`)).statusCode).toBe(200);
        }
      }
      // A removal mixing a user inside with one outside removes neither.
      const { throwaway } = c.users;
      const gone = await createUser(throwaway.by === 'admin' ? admin : viewer, throwaway.account, depts.get(throwaway.dept)!);
      const outside = users.get(hidden().find((a) => a !== 'reach_viewer')!)!;
      expectFailure(await viewer.post(`/api/macro-user/remove?ids=${gone},${outside}`), 404);
      expect((await admin.get(`/api/macro-user/detail?id=${gone}`)).statusCode).toBe(200);
      // Inside the scope it goes.
      expect(expectOk(await viewer.post(`/api/macro-user/remove?ids=${gone}`), z.object({ removed: z.number() })).removed).toBe(1);
      expectFailure(await admin.get(`/api/macro-user/detail?id=${gone}`), 404);
      users.delete(throwaway.account);
    });

    it('departments: trees and lazy lists hold only departments inside the scope', async () => {
      const treeNames = (nodes: { id: number; children: { id: number; children: unknown[] }[] }[]) =>
        sorted(
          only(
            flat(nodes as never as { id: number; children: never[] }[]).map((n) => nameOfDept(n.id)),
            depts.keys(),
          ),
        );
      expect(treeNames(expectOk(await viewer.get(`/api/macro-system/dept/tree?companyId=${company}`), z.array(deptTreeNode)))).toEqual(sorted(c.depts.visible));
      expect(treeNames(expectOk(await viewer.get(`/api/companies/${company}/departments/tree`), z.array(z.any())))).toEqual(sorted(c.depts.visible));
      const orgTree = flat(expectOk(await viewer.get('/api/companies/departments/tree'), z.array(orgTreeNode)));
      expect(
        sorted(
          only(
            orgTree.filter((n) => n.kind === 'department').map((n) => nameOfDept(n.id)),
            depts.keys(),
          ),
        ),
      ).toEqual(sorted(c.depts.visible));
      // Lazily, level by level: the children of every fixture department and of the top.
      const lazy: string[] = [];
      const lazyTree: string[] = [];
      for (const parentId of [0, ...depts.values()]) {
        const rows = expectOk(await viewer.get(`/api/macro-system/dept/lazy-list?parentId=${parentId}&companyId=${company}`), z.array(dept));
        lazy.push(
          ...only(
            rows.map((d) => nameOfDept(d.id)),
            depts.keys(),
          ),
        );
        const nodes = expectOk(await viewer.get(`/api/macro-system/dept/lazy-tree?parentId=${parentId}&companyId=${company}`), z.array(deptTreeNode));
        lazyTree.push(
          ...only(
            nodes.map((d) => nameOfDept(d.id)),
            depts.keys(),
          ),
        );
      }
      expect(sorted(lazy)).toEqual(sorted(c.depts.visible));
      expect(sorted(lazyTree)).toEqual(sorted(c.depts.visible));
    });

    it('users and departments: a create lands inside the scope or is refused (403) and nothing stays', async () => {
      const made: { users: number[]; depts: number[] } = { users: [], depts: [] };
      const deptOf = (key: Dept | null) => (key === null ? null : depts.get(key)!);
      const userBody = (key: Dept | null, account: string) => ({ account, name: account, deptId: deptOf(key), password: secret(), password2: secret() });
      const deptBody = (key: Dept | null, deptName: string) => ({ companyId: company, parentId: deptOf(key) ?? 0, deptName });
      const userCalls = [(body: object) => viewer.post('/api/macro-user/submit', body), (body: object) => viewer.post('/api/users', body)];
      const deptCalls = [(body: object) => viewer.post('/api/macro-system/dept/submit', body), (body: object) => viewer.post('/api/departments', body)];
      for (const [i, [key, account]] of c.creates.users.inside.entries()) {
        made.users.push(expectOk(await userCalls[i % 2](userBody(key, account)), userRecord).id);
      }
      for (const [i, [key, name]] of c.creates.depts.inside.entries()) {
        made.depts.push(expectOk(await deptCalls[i % 2](deptBody(key, name)), dept).id);
      }
      for (const [key, account] of c.creates.users.outside) {
        for (const call of userCalls) expectFailure(await call(userBody(key, account)), 403, '保存的数据超出了您的数据权限范围');
        expect(expectOk(await admin.get(`/api/macro-user/page?account=${account}`), pageOf(userRecord.partial())).total).toBe(0);
      }
      for (const [key, name] of c.creates.depts.outside) {
        for (const call of deptCalls) expectFailure(await call(deptBody(key, name)), 403, '保存的数据超出了您的数据权限范围');
        expect(expectOk(await admin.get(`/api/macro-system/dept/list?deptName=${encodeURIComponent(name)}`), pageOf(dept.partial())).total).toBe(0);
      }
      // The English message says the same.
      const outside = c.creates.users.outside[0];
      if (outside) {
        const en = as(server, (await signIn(server, TENANT, 'reach_viewer', PASSWORD)).access_token, 'en');
        expectFailure(await en.post('/api/users', userBody(...outside)), 403, 'What you are saving would be outside your data scope');
      }
      // What was made leaves again, so the other kinds see the fixture alone.
      if (made.users.length) expect((await admin.post(`/api/macro-user/remove?ids=${made.users.join(',')}`)).statusCode).toBe(200);
      for (const id of made.depts.reverse()) expect((await admin.call({ method: 'DELETE', url: `/api/departments/${id}` })).statusCode).toBe(200);
    });

    it('users and departments: an edit that would take a row out of the scope is refused (403) and nothing changes', async () => {
      for (const [account, to, stays] of c.edits.users) {
        const id = users.get(account)!;
        const before = expectOk(await admin.get(`/api/macro-user/detail?id=${id}`), userRecord);
        const { roleIds: _r, postIds: _p, ...fields } = before;
        const moved = { ...fields, deptId: to === null ? null : depts.get(to)! };
        for (const call of [
          () => viewer.post('/api/macro-user/update', moved),
          () => viewer.call({ method: 'PUT', url: `/api/users/${id}`, payload: moved }),
        ]) {
          const response = await call();
          if (stays) expect(response.statusCode, `${account} to ${to}: ${response.body}`).toBe(200);
          else expectFailure(response, 403, '保存的数据超出了您的数据权限范围');
        }
        const after = expectOk(await admin.get(`/api/macro-user/detail?id=${id}`), userRecord);
        expect(after.deptId).toBe(stays ? moved.deptId : before.deptId);
        // Back where the fixture has it.
        expect((await admin.post('/api/macro-user/update', fields)).statusCode).toBe(200);
      }
      for (const [name, change, stays] of c.edits.depts) {
        const id = depts.get(name)!;
        const before = expectOk(await admin.get(`/api/departments/${id}`), dept);
        const body = {
          companyId: before.companyId,
          parentId: before.parentId,
          deptName: before.deptName,
          deptCode: before.deptCode,
          deptType: before.deptType,
          sort: before.sort,
          ...(change.parent !== undefined ? { parentId: change.parent === null ? 0 : depts.get(change.parent)! } : {}),
          ...(change.deptName ? { deptName: change.deptName } : {}),
        };
        for (const call of [
          () => viewer.call({ method: 'PUT', url: `/api/departments/${id}`, payload: body }),
          () => viewer.post('/api/macro-system/dept/submit', { ...body, id }),
        ]) {
          const response = await call();
          if (stays) expect(response.statusCode, `${name} ${JSON.stringify(change)}: ${response.body}`).toBe(200);
          else expectFailure(response, 403, '保存的数据超出了您的数据权限范围');
        }
        const after = expectOk(await admin.get(`/api/departments/${id}`), dept);
        expect([after.parentId, after.deptName]).toEqual(stays ? [body.parentId, body.deptName] : [before.parentId, before.deptName]);
        const { companyId, parentId, deptName, deptCode, deptType, sort } = before;
        expect(
          (await admin.call({ method: 'PUT', url: `/api/departments/${id}`, payload: { companyId, parentId, deptName, deptCode, deptType, sort } })).statusCode,
        ).toBe(200);
      }
    });

    it('departments: outside the scope nothing can be edited or removed (404, nothing written)', async () => {
      for (const name of depts.keys()) {
        const id = depts.get(name)!;
        const before = expectOk(await admin.get(`/api/departments/${id}`), dept);
        const change = {
          companyId: before.companyId,
          parentId: before.parentId,
          deptName: before.deptName,
          deptCode: before.deptCode,
          deptType: before.deptType,
          sort: before.sort,
          remark: `${c.kind}`,
        };
        for (const call of [
          () => viewer.call({ method: 'PUT', url: `/api/departments/${id}`, payload: change }),
          () => viewer.post('/api/macro-system/dept/submit', { ...change, id }),
        ]) {
          const response = await call();
          if (c.depts.visible.includes(name)) expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
          else expectFailure(response, 404, '部门不存在');
        }
      }
      for (const name of hiddenDepts()) {
        const id = depts.get(name)!;
        expectFailure(await viewer.call({ method: 'DELETE', url: `/api/departments/${id}` }), 404, '部门不存在');
        expectFailure(await viewer.post(`/api/macro-system/dept/remove?ids=${id}`), 404, '部门不存在');
        expect((await admin.get(`/api/departments/${id}`)).statusCode).toBe(200);
      }
    });
  });

  it('a viewer holding no scope reaches every row again', async () => {
    await grant([]);
    const ids = fixtureUsers().map((a) => users.get(a)!);
    expect(expectOk(await viewer.get(`/api/users/multi/${ids.join(',')}`), z.array(userBrief))).toHaveLength(ids.length);
    const tree = flat(expectOk(await viewer.get(`/api/macro-system/dept/tree?companyId=${company}`), z.array(deptTreeNode)));
    expect(tree.map((n) => n.id).sort()).toEqual([...depts.values()].sort());
    expect(accountOf(ids[0])).toBeDefined();
  });
});
