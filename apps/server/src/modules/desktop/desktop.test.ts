import { currentHome, desktopScheme, desktopSchemeInfo, desktopSchemeVersion, visualHome, visualRelation } from '@macro/contract/desktop';
import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk, TENANT } from '../../test/helper.ts';

const S = '/api/desktop-scheme';

const widgets = (title = 'Todo') => [
  { i: 'todo', type: 'todo', title, x: 0, y: 0, w: 6, h: 5, limit: 5 },
  { i: 'users', type: 'count', x: 6, y: 0, w: 3, h: 3, figure: 'users' },
  { i: 'chart', type: 'chart', x: 0, y: 5, w: 12, h: 6, chart: 'signInsByDay', chartKind: 'bar' },
];
const body = (code: string, extra: object = {}) => ({ code, name: `桌面 ${code}`, content: { widgets: widgets() }, ...extra });

describeDb(`desktop schemes and home pages (${dbLabel})`, () => {
  const cast = castOf('dk_clerk');
  const put = (client: Client, url: string, payload?: object) => client.call({ method: 'PUT', url, payload });
  const create = async (code: string, extra: object = {}) => expectOk(await cast.admin.post(S, body(code, extra)), desktopSchemeInfo);
  const current = async (client: Client) => expectOk(await client.get('/api/visual-homerelation/current/'), currentHome);

  it('creates, reads, lists, updates (a new version when the content changes) and deletes a scheme', async () => {
    const created = await create('crud', { description: '说明' });
    expect(created).toMatchObject({ code: 'crud', name: '桌面 crud', description: '说明', enabled: true, isDefault: false, version: 1, widgetCount: 3 });
    expect(created.content.widgets.map((w) => w.i)).toEqual(['todo', 'users', 'chart']);
    expect(expectOk(await cast.admin.get(`${S}/${created.id}`), desktopSchemeInfo).content).toEqual(created.content);
    const listed = (await cast.admin.get(`${S}/list?keyword=CRUD`)).json().data;
    expect(listed.records.map((r: { id: number }) => r.id)).toEqual([created.id]);
    desktopScheme.parse(listed.records[0]);

    const renamed = expectOk(await put(cast.admin, S, { id: created.id, ...body('crud', { name: '改名' }) }), desktopSchemeInfo);
    expect(renamed).toMatchObject({ name: '改名', version: 1 });
    const moved = widgets();
    moved[0] = { ...moved[0], x: 6, w: 6 };
    moved[1] = { ...moved[1], x: 0 };
    const changed = expectOk(await put(cast.admin, S, { id: created.id, ...body('crud', { content: { widgets: moved } }) }), desktopSchemeInfo);
    expect(changed.version).toBe(2);
    expect(
      expectOk(await cast.admin.get(`${S}/content/${created.id}`), z.object({ widgets: z.array(z.object({ i: z.string(), x: z.number() })) })).widgets[0].x,
    ).toBe(6);
    expect((await cast.admin.get(`${S}/content/${created.id}?version=1`)).json().data.widgets[0].x).toBe(0);
    expectFailure(await cast.admin.get(`${S}/content/${created.id}?version=9`), 404, '该方案没有第 9 版');

    expect((await cast.admin.call({ method: 'DELETE', url: `${S}/${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${S}/${created.id}`), 404, '桌面方案不存在');
    expectFailure(await cast.adminEn.call({ method: 'DELETE', url: `${S}/${created.id}` }), 404, 'The desktop scheme does not exist');
  });

  it('keeps every version: history lists them, setNew makes an old one the newest without losing any', async () => {
    const created = await create('hist');
    const second = widgets('Second');
    expectOk(await put(cast.admin, S, { id: created.id, ...body('hist', { content: { widgets: second } }) }), desktopSchemeInfo);
    const history = expectOk(await cast.admin.get(`/api/desktop-schemeinfo/history?schemeId=${created.id}`), z.array(desktopSchemeVersion));
    expect(history.map((v) => v.version)).toEqual([2, 1]);
    expect(history[0].createUserName).not.toBe('');
    const restored = expectOk(await put(cast.admin, '/api/desktop-schemeinfo/setNew', { schemeId: created.id, version: 1 }), desktopSchemeInfo);
    expect(restored.version).toBe(3);
    expect(restored.content.widgets[0].title).toBe('Todo');
    expect((await cast.admin.get(`/api/desktop-schemeinfo/history?schemeId=${created.id}`)).json().data.map((v: { version: number }) => v.version)).toEqual([
      3, 2, 1,
    ]);
    expectFailure(await put(cast.admin, '/api/desktop-schemeinfo/setNew', { schemeId: created.id, version: 7 }), 404, '该方案没有第 7 版');
  });

  it('copies a scheme under a free code, as version 1, never as the default', async () => {
    const source = await create('tocopy');
    expectOk(await put(cast.admin, `${S}/default`, { id: source.id }), desktopScheme);
    const first = expectOk(await put(cast.admin, `${S}/copy`, { id: source.id }), desktopSchemeInfo);
    expect(first).toMatchObject({ code: 'tocopy-copy', name: '桌面 tocopy 副本', version: 1, isDefault: false });
    expect(first.content).toEqual(source.content);
    const second = expectOk(await put(cast.adminEn, `${S}/copy`, { id: source.id }), desktopSchemeInfo);
    expect(second).toMatchObject({ code: 'tocopy-copy2', name: 'Copy of 桌面 tocopy' });
    expectFailure(await put(cast.admin, `${S}/copy`, { id: 999999 }), 404, '桌面方案不存在');
  });

  it('keeps one default at most, even under concurrent calls; the default cannot be disabled', async () => {
    const a = await create('def-a');
    const b = await create('def-b');
    const c = await create('def-c');
    const results = await Promise.all([a, b, c].map((s) => put(cast.admin, `${S}/default`, { id: s.id })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const defaults = await withTenant(cast.server.database.db, TENANT, async (tx) =>
      rowsOf<{ id: number }>(await tx.execute(sql`select id from macro_desktop_scheme where is_default`)),
    );
    expect(defaults).toHaveLength(1);
    const chosen = Number(defaults[0].id);
    const scheme = expectOk(await cast.admin.get(`${S}/${chosen}`), desktopSchemeInfo);
    expectFailure(
      await put(cast.admin, S, { id: chosen, code: scheme.code, name: scheme.name, enabled: false, content: scheme.content }),
      409,
      '默认首页不能停用',
    );
    const disabled = await create('def-off', { enabled: false });
    expectFailure(await put(cast.adminJa, `${S}/default`, { id: disabled.id }), 409, '無効なスキームは既定にできません');
  });

  it('shows each person their own choice over the default, and the default once the choice is gone', async () => {
    const fallback = await create('home-default');
    expectOk(await put(cast.admin, `${S}/default`, { id: fallback.id }), desktopScheme);
    const mine = await create('home-mine');
    expect(await current(cast.clerk)).toMatchObject({ source: 'default', scheme: { id: fallback.id } });

    // Offered to the clerk alone: the clerk may choose it, the administrator may not.
    const offered = expectOk(
      await cast.admin.post('/api/visual-relation', { visualId: mine.id, objectType: 'user', objectIds: [cast.clerkId] }),
      z.array(visualRelation),
    );
    expect(offered).toMatchObject([{ objectType: 'user', objectId: cast.clerkId, objectName: 'Clerk' }]);
    const clerkChoices = expectOk(await cast.clerk.get('/api/visual-relation/current-visual/?keyword=home'), z.array(visualHome));
    expect(clerkChoices.map((h) => h.code)).toEqual(['home-default', 'home-mine']);
    expect(expectOk(await cast.admin.get('/api/visual-relation/current-visual/?keyword=home'), z.array(visualHome)).map((h) => h.code)).toEqual([
      'home-default',
    ]);
    expectFailure(await put(cast.admin, `/api/visual-homerelation/${mine.id}/cur`), 404, '该首页未向您开放或已停用');

    expect(expectOk(await put(cast.clerk, `/api/visual-homerelation/${mine.id}/cur`), currentHome)).toMatchObject({ source: 'own', scheme: { id: mine.id } });
    expect(await current(cast.clerk)).toMatchObject({ source: 'own', scheme: { id: mine.id, content: { widgets: expect.any(Array) } } });
    // A choice per subsystem.
    expect((await cast.clerk.get('/api/visual-homerelation/current?systemId=crm')).json().data.source).toBe('default');
    // The administrator still sees the default.
    expect((await current(cast.admin)).source).toBe('default');

    // No longer offered to the clerk: back to the default.
    const relations = expectOk(await cast.admin.get(`/api/visual-relation/${mine.id}/obj/user`), z.array(visualRelation));
    expect((await cast.admin.call({ method: 'DELETE', url: `/api/visual-relation?ids=${relations[0].id}` })).json().data).toEqual({ removed: 1 });
    // (Offered to nobody in particular now: everyone may choose it.)
    expect((await current(cast.clerk)).source).toBe('own');
    const role = await withTenant(cast.server.database.db, TENANT, async (tx) =>
      rowsOf<{ role_id: number }>(await tx.execute(sql`select role_id from macro_user_role where user_id = ${cast.adminId} limit 1`)),
    );
    expectOk(
      await cast.admin.post('/api/visual-relation', { visualId: mine.id, objectType: 'role', objectIds: [Number(role[0].role_id)] }),
      z.array(visualRelation),
    );
    expect((await current(cast.clerk)).source).toBe('default');
    expect(expectOk(await put(cast.admin, `/api/visual-homerelation/${mine.id}/cur`), currentHome).source).toBe('own');

    // Forgetting the choice (id 0) brings the default back.
    expect(expectOk(await put(cast.admin, '/api/visual-homerelation/0/cur'), currentHome).source).toBe('default');
    // The default deleted: the clerk's own choice stays, the administrator sees the built-in dashboard.
    expect(expectOk(await put(cast.clerk, `/api/visual-homerelation/${fallback.id}/cur`), currentHome).source).toBe('own');
    expect((await cast.admin.call({ method: 'DELETE', url: `${S}/${fallback.id}` })).json().data).toEqual({ removed: 1 });
    expect(await current(cast.admin)).toEqual({ source: 'none', scheme: null });
    expect((await current(cast.clerk)).source).toBe('none');
    // Released home pages: every enabled scheme, for the administrator's picker.
    const released = expectOk(await cast.admin.get('/api/visual-release/home/?keyword=home-'), z.array(visualHome));
    expect(released.map((h) => h.code)).toEqual(['home-mine']);
  });

  it('refuses bad input per field with a message, never a 500', async () => {
    const bad = async (content: unknown, message: string | RegExp) =>
      expectFailure(await cast.admin.post(S, { code: 'bad', name: 'Bad', content }), 400, message);
    expectFailure(await cast.admin.post(S, { name: 'x', content: { widgets: [] } }), 400, '请输入方案编号');
    expectFailure(
      await cast.adminEn.post(S, { code: 'a b', name: 'x', content: { widgets: [] } }),
      400,
      'The scheme code may hold only letters, digits, - and _',
    );
    expectFailure(await cast.admin.post(S, { code: 'x', content: { widgets: [] } }), 400, '请输入方案名称');
    expectFailure(await cast.admin.post(S, { code: 'x\u0000', name: 'x', content: { widgets: [] } }), 400);
    await bad('nope', '桌面内容格式不正确');
    await bad({ widgets: [{ i: 'a', type: 'count', x: 10, y: 0, w: 4, h: 2, figure: 'users' }] }, '部件超出了桌面的 12 列');
    await bad({ widgets: [{ i: 'a', type: 'count', x: 0, y: 0, w: 4, h: 2 }] }, '请选择统计指标');
    await bad({ widgets: [{ i: 'a', type: 'chart', x: 0, y: 0, w: 4, h: 2 }] }, '请选择图表数据');
    await bad({ widgets: [{ i: 'a', type: 'frame', x: 0, y: 0, w: 4, h: 2, url: 'javascript:alert(1)' }] }, '请输入以 http:// 或 https:// 开头的有效网址');
    await bad({ widgets: [{ i: 'a', type: 'frame', x: 0, y: 0, w: 4, h: 2 }] }, '请输入网页地址');
    await bad({ widgets: [{ i: 'a', type: 'shortcuts', x: 0, y: 0, w: 4, h: 2, links: ['https://evil.example'] }] }, '快捷入口应为控制台内的菜单路径');
    await bad({ widgets: [{ i: 'a', type: 'script', x: 0, y: 0, w: 4, h: 2 }] }, '不支持的部件类型');
    await bad({ widgets: [{ i: 'a', type: 'todo', x: 0, y: 0, w: 1e20, h: 2 }] }, '部件宽度应为 1 至 12 列，高度为 1 至 40 行');
    await bad({ widgets: [{ i: 'a', type: 'todo', x: '0', y: 0, w: 1, h: 2 }] }, '部件位置不正确');
    await bad(
      {
        widgets: [
          { i: 'a', type: 'todo', x: 0, y: 0, w: 1, h: 2 },
          { i: 'a', type: 'todo', x: 1, y: 0, w: 1, h: 2 },
        ],
      },
      '部件标识重复',
    );
    await bad({ widgets: Array.from({ length: 41 }, (_, n) => ({ i: `w${n}`, type: 'todo', x: 0, y: n, w: 1, h: 1 })) }, '一个桌面最多放置 40 个部件');
    await create('dup');
    expectFailure(await cast.admin.post(S, body('dup')), 409, '方案编号“dup”已存在');
    expectFailure(
      await cast.admin.post('/api/visual-relation', { visualId: 1, objectType: 'company', objectIds: [1] }),
      400,
      '对象类型应为用户、角色、岗位或部门',
    );
    const target = await create('rel-bad');
    expectFailure(await cast.admin.post('/api/visual-relation', { visualId: target.id, objectType: 'user', objectIds: [] }), 400, '请至少选择一个对象');
    expectFailure(await cast.admin.post('/api/visual-relation', { visualId: target.id, objectType: 'role', objectIds: [2147483647] }), 404, '所选的对象不存在');
    expectFailure(await put(cast.admin, '/api/visual-homerelation/abc/cur'), 400);
  });

  it('guards every call with its code; another tenant sees and changes nothing', async () => {
    const scheme = await create('guarded', { name: 'GuardMarker' });
    expectFailure(await cast.clerk.get(`${S}/list`), 403, /desktop:view/);
    expectFailure(await cast.clerk.get(`${S}/${scheme.id}`), 403, /desktop:view/);
    expectFailure(await cast.clerk.post(S, body('clerk')), 403, /desktop:add/);
    expectFailure(await put(cast.clerk, S, { id: scheme.id, ...body('guarded') }), 403, /desktop:edit/);
    expectFailure(await put(cast.clerk, `${S}/default`, { id: scheme.id }), 403, /desktop:edit/);
    expectFailure(await put(cast.clerk, `${S}/copy`, { id: scheme.id }), 403, /desktop:add/);
    expectFailure(await cast.clerk.call({ method: 'DELETE', url: `${S}/${scheme.id}` }), 403, /desktop:delete/);
    expectFailure(await cast.clerk.post('/api/visual-relation', { visualId: scheme.id, objectType: 'user', objectIds: [cast.clerkId] }), 403, /desktop:edit/);
    expectFailure(await cast.clerk.get('/api/visual-release/home/'), 403, /desktop:view/);

    expectFailure(await cast.other.get(`${S}/${scheme.id}`), 404);
    expectFailure(await put(cast.other, `${S}/default`, { id: scheme.id }), 404);
    expectFailure(await put(cast.other, `/api/visual-homerelation/${scheme.id}/cur`), 404);
    expect((await cast.other.get(`${S}/list?keyword=guarded`)).json().data.total).toBe(0);
    expect((await cast.other.get('/api/visual-relation/current-visual/')).body).not.toContain('GuardMarker');
    expect((await cast.other.get('/api/visual-homerelation/current/')).json().data.source).toBe('none');
  });
});
