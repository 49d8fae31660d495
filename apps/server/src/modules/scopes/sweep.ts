import type { SweepClient, SweepFixture } from '../../platform/module.ts';

/**
 * Sweep data: a data scope and an API scope under the dictionary menu, granted to a role, named
 * so a leak is easy to spot.
 */
export async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'ScopeSweepMarker';
  const ok = async <T>(response: Awaited<ReturnType<SweepClient['get']>>) => {
    if (response.statusCode !== 200) throw new Error(`scopes sweep fixture: ${response.body}`);
    return (response.json() as { data: T }).data;
  };
  const menus = await ok<{ id: number; code: string; children: unknown[] }[]>(await owner.get('/api/macro-system/data-scope/menu-tree'));
  const menuId = menus[0].id;
  const data = await ok<{ id: number }>(
    await owner.post('/api/macro-system/data-scope/save', { menuId, resourceCode: 'user', scopeName: marker, scopeType: 5 }),
  );
  const api = await ok<{ id: number }>(
    await owner.post('/api/macro-system/api-scope/submit', { menuId, resourceCode: 'dict', scopeName: marker, scopePath: 'dict:view' }),
  );
  const role = await ok<{ id: number }>(await owner.post('/api/macro-system/role/submit', { roleName: `${marker} role`, roleAlias: 'scope_sweep_role' }));
  await ok(await owner.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [], dataScopeIds: [data.id], apiScopeIds: [api.id] }));
  return {
    marker,
    query: { id: String(data.id), ids: String(data.id), menuId: String(menuId), scopeName: marker, roleIds: String(role.id) },
    body: {
      id: api.id,
      menuId,
      roleIds: [role.id],
      menuIds: [],
      dataScopeIds: [data.id],
      apiScopeIds: [api.id],
      resourceCode: 'user',
      scopeName: 'stolen',
      scopeType: 5,
      scopePath: 'dict:view',
    },
    snapshot: async () =>
      [
        (await owner.get(`/api/macro-system/data-scope/detail?id=${data.id}`)).body,
        (await owner.get(`/api/macro-system/api-scope/detail?id=${api.id}`)).body,
        (await owner.get(`/api/macro-system/menu/role-tree-keys?roleIds=${role.id}`)).body,
      ].join('\n'),
  };
}
