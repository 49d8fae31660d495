import type { SweepClient, SweepFixture } from '../../platform/module.ts';

/**
 * Sweep data: a role granted a data scope per menu and an app function, named so a leak is easy
 * to spot. The intruder is handed the role's and the function's ids.
 */
export async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'AuthorizeSweepMarker';
  const ok = async <T>(response: Awaited<ReturnType<SweepClient['get']>>) => {
    if (response.statusCode !== 200) throw new Error(`authorize sweep fixture: ${response.body}`);
    return (response.json() as { data: T }).data;
  };
  const menus = await ok<{ id: number }[]>(await owner.get('/api/macro-system/data-scope/menu-tree'));
  const menuId = menus[0].id;
  const scope = await ok<{ id: number }>(
    await owner.post('/api/macro-system/data-scope/save', { menuId, resourceCode: 'user', scopeName: marker, scopeType: 5 }),
  );
  const role = await ok<{ id: number }>(await owner.post('/api/macro-system/role/submit', { roleName: `${marker} role`, roleAlias: 'authorize_sweep_role' }));
  const func = await ok<{ id: number }>(await owner.post('/api/app-func', { name: marker, code: 'authorizeSweep', category: marker, url: '/pages/sweep' }));
  await ok(await owner.post('/api/authorizes', { objectId: role.id, objectType: 1, itemJson: [func.id] }));
  // The sweep client has no PUT: the role grant writes the same per-menu rows.
  await ok(await owner.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [], dataScopeIds: [scope.id], apiScopeIds: [] }));
  return {
    marker,
    query: { id: String(func.id), objectId: String(role.id), objectType: '1', name: marker, category: marker },
    body: {
      objectId: role.id,
      objectType: 1,
      menuIds: [menuId],
      dataScopeIds: [scope.id],
      itemJson: [func.id],
      name: 'stolen',
      code: 'stolen',
      category: 'stolen',
      url: '/stolen',
    },
    snapshot: async () =>
      [
        (await owner.get(`/api/data-authorize/${role.id}/1/menu`)).body,
        (await owner.get(`/api/authorizes/app/1/${role.id}`)).body,
        (await owner.get(`/api/app-func/${func.id}/info`)).body,
      ].join('\n'),
  };
}
