import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, dbLabel, describeDb, OTHER_TENANT, signIn, type TestServer, startServer } from '../test/helper.ts';

/**
 * Every /api route, called by another tenant's administrator with the first tenant's ids and
 * codes in every parameter it might read: nothing of the first tenant comes back, nothing of
 * it changes, and nothing answers 500.
 */
describeDb(`every route keeps tenants apart (${dbLabel})`, () => {
  let server: TestServer;
  const MARKER = 'SweepMarker';
  let owner: ReturnType<typeof as>;
  let intruder: ReturnType<typeof as>;
  let ids: number[] = [];

  const snapshot = async () =>
    [
      (await owner.get(`/api/macro-system/dict/child-list?parentId=${ids[0]}&size=500`)).body,
      (await owner.get(`/api/macro-system/dict/detail?id=${ids[0]}`)).body,
      (await owner.get(`/api/dict-biz/detail?id=${ids[2]}`)).body,
    ].join('\n');

  beforeAll(async () => {
    server = await startServer();
    owner = as(server, (await signIn(server)).access_token);
    intruder = as(server, (await signIn(server, OTHER_TENANT)).access_token);
    const parent = (await owner.post('/api/macro-system/dict/submit', { code: MARKER, dictKey: '-1', dictValue: MARKER }))
      .json().data;
    const child = (
      await owner.post('/api/macro-system/dict/submit', { parentId: parent.id, code: MARKER, dictKey: 'k', dictValue: `${MARKER} child` })
    ).json().data;
    const biz = (await owner.post('/api/dict-biz/submit', { code: MARKER, dictKey: '-1', dictValue: MARKER })).json().data;
    ids = [parent.id, child.id, biz.id];
  });
  afterAll(() => server.close());

  it('covers the routes this server has', () => {
    const routes = server.app.apiRoutes.filter((r) => r.permission !== 'public');
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('returns none of the first tenant data and changes none of it', async () => {
    const before = await snapshot();
    const probe = new URLSearchParams({
      id: String(ids[0]),
      parentId: String(ids[0]),
      ids: ids.join(','),
      code: MARKER,
      dictValue: MARKER,
      size: '500',
    }).toString();
    const body = { id: ids[1], parentId: ids[0], code: MARKER, dictKey: 'k', dictValue: 'stolen' };
    for (const route of server.app.apiRoutes) {
      if (route.permission === 'public' || route.url.endsWith('/logout')) continue;
      const url = `${route.url}?${probe}`;
      const response = route.method === 'GET' ? await intruder.get(url) : await intruder.post(url, body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(response.body, `${route.method} ${route.url}`).not.toContain(MARKER);
    }
    expect(await snapshot()).toBe(before);
  });
});
