import { TOKEN_COOKIE } from '@macro/contract';
import { STAMP_CATEGORY, STAMP_IMAGE_MAX_BYTES, stamp, stampImageView, usableStamp } from '@macro/contract/stamps';
import { withTenant } from '@macro/store';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, encryptPassword, expectFailure, expectOk, OTHER_TENANT, signIn, TENANT } from '../../test/helper.ts';
import { TINY_PNG } from './index.ts';
import { verifyStampPassword } from './service.ts';

const BASE = '/api/macro-flow/stamps';
const PNG_BYTES = Buffer.from(TINY_PNG.split(',')[1], 'base64');
const pngOf = (bytes: number) => `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(Math.max(0, bytes - PNG_BYTES.length))]).toString('base64')}`;

describeDb(`stamps (${dbLabel})`, () => {
  const cast = castOf('stamp_clerk');
  /** A password as the console sends it. */
  const seal = (password: string) => encryptPassword(cast.server.publicKey, password);

  const create = async (client: Client, body: Record<string, unknown>) =>
    expectOk(await client.post(BASE, { category: STAMP_CATEGORY.private, password: seal('pass1234'), image: TINY_PNG, ...body }), stamp);
  const put = (client: Client, url: string, payload: unknown) => client.call({ method: 'PUT', url, payload: payload as object });
  const patch = (client: Client, url: string, payload?: unknown) =>
    client.call({ method: 'PATCH', url, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('creates a stamp with its image, lists, edits, and deletes it; the password is never shown', async () => {
    const created = await create(cast.admin, {
      stampName: '财务专用章',
      category: STAMP_CATEGORY.public,
      memberIds: [cast.clerkId],
      maintainerIds: [cast.adminId],
    });
    expect(created).toMatchObject({
      stampName: '财务专用章',
      category: 2,
      enabled: 1,
      isDefault: false,
      memberIds: [cast.clerkId],
      maintainerIds: [cast.adminId],
      ownerId: cast.adminId,
    });
    const page = await cast.admin.get(`${BASE}?stampName=${encodeURIComponent('财务')}`);
    expect(page.json().data.records.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(page.body).not.toMatch(/scrypt|password/i);
    const image = expectOk(await cast.clerk.get(`${BASE}/stamp-img?id=${created.id}`), stampImageView);
    expect(image.image).toBe(TINY_PNG);

    const updated = expectOk(
      await put(cast.admin, `${BASE}/${created.id}`, { stampName: '财务章', category: 2, password: '', memberIds: [cast.clerkId] }),
      stamp,
    );
    expect(updated).toMatchObject({ stampName: '财务章', maintainerIds: [], memberIds: [cast.clerkId], imageFileId: created.imageFileId });
    // A blank password kept the old one.
    expect((await cast.clerk.post(`${BASE}/${created.id}/verify-password`, { password: seal('pass1234') })).json().data).toEqual({ valid: true });

    expect((await cast.admin.call({ method: 'DELETE', url: `${BASE}/${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${BASE}/stamp-img?id=${created.id}`), 404, '签章不存在');
  });

  it("takes every stamp password encrypted as at sign-in and refuses plain text with 400 in the caller's language", async () => {
    const undecryptable = { zh: '密码无法解密，请刷新页面后重试', en: 'The password could not be decrypted, please reload the page and retry' };
    expectFailure(await cast.admin.post(BASE, { stampName: '明文章', category: 1, password: 'pass1234', image: TINY_PNG }), 400, undecryptable.zh);
    expectFailure(await cast.adminEn.post(BASE, { stampName: '明文章', category: 1, password: 'pass1234', image: TINY_PNG }), 400, undecryptable.en);
    expectFailure(await cast.adminJa.post(BASE, { stampName: '明文章', category: 1, password: 'x'.repeat(3000), image: TINY_PNG }), 400, /復号/);
    expect((await cast.admin.get(`${BASE}?stampName=${encodeURIComponent('明文章')}`)).json().data.records).toEqual([]);

    // Typed with spaces around it, kept as typed but trimmed, as before.
    const made = await create(cast.admin, { stampName: '密文章', category: STAMP_CATEGORY.public, memberIds: [cast.clerkId], password: seal('  spaced1  ') });
    expectOk(await cast.clerk.post(`${BASE}/${made.id}/verify-password`, { password: seal('spaced1') }), z.object({ valid: z.literal(true) }));
    expectFailure(await cast.clerk.post(`${BASE}/${made.id}/verify-password`, { password: 'spaced1' }), 400, undecryptable.zh);
    expectFailure(await cast.clerkEn.post(`${BASE}/${made.id}/verify-password`, { password: 'spaced1' }), 400, undecryptable.en);
    // Decrypted, the password still follows the rule it is typed under.
    expectFailure(await cast.clerk.post(`${BASE}/${made.id}/verify-password`, { password: seal('   ') }), 400, '请输入签章密码');

    // A change takes the new one encrypted too; plain text changes nothing.
    const change = (password: string) =>
      put(cast.admin, `${BASE}/${made.id}`, { stampName: '密文章', category: STAMP_CATEGORY.public, memberIds: [cast.clerkId], password });
    expectFailure(await change('renewed1'), 400, undecryptable.zh);
    expectOk(await cast.clerk.post(`${BASE}/${made.id}/verify-password`, { password: seal('spaced1') }), z.object({ valid: z.literal(true) }));
    expectOk(await change(seal('renewed1')), stamp);
    expectFailure(await cast.clerk.post(`${BASE}/${made.id}/verify-password`, { password: seal('spaced1') }), 422, '签章密码错误');
    expectOk(await cast.clerk.post(`${BASE}/${made.id}/verify-password`, { password: seal('renewed1') }), z.object({ valid: z.literal(true) }));
  });

  it('requires name, category, password and image with the messages of the spec, in each language', async () => {
    expectFailure(await cast.admin.post(BASE, { category: 1, password: seal('p'), image: TINY_PNG }), 400, '请输入签章名称');
    expectFailure(await cast.adminEn.post(BASE, { stampName: 'a', password: seal('p'), image: TINY_PNG }), 400, 'Please choose the stamp category');
    expectFailure(await cast.adminEn.post(BASE, { stampName: 'a', category: 1, image: TINY_PNG }), 400, 'Please enter the stamp password');
    expectFailure(await cast.adminJa.post(BASE, { stampName: 'a', category: 1, password: seal('p') }), 400, '印章の画像をアップロードしてください');
    expectFailure(await cast.admin.post(BASE, { stampName: 'a', category: 3, password: seal('p'), image: TINY_PNG }), 400, '请选择签章分类');
    expectFailure(await cast.admin.post(BASE, { stampName: 'a\u0000b', category: 1, password: seal('p'), image: TINY_PNG }), 400);
    expectFailure(await cast.admin.post(BASE, { stampName: '章'.repeat(26), category: 1, password: seal('p'), image: TINY_PNG }), 400, /50/);
    expectFailure(await cast.admin.post(BASE, { stampName: 12, category: 1, password: seal('p'), image: TINY_PNG }), 400);
    expectFailure(await cast.admin.post(BASE, { stampName: 'a', category: '1', password: seal('p'), image: TINY_PNG }), 400, '请选择签章分类');
    expectFailure(await cast.admin.post(BASE, { stampName: 'a', category: 1, password: seal('p'), image: TINY_PNG, memberIds: [2 ** 40] }), 400);
    expectFailure(
      await cast.admin.post(BASE, { stampName: 'a', category: 1, password: seal('p'), image: TINY_PNG, memberIds: [999999] }),
      422,
      '所选用户不存在',
    );
  });

  it('takes an image of exactly 5 MB and refuses one byte more with the spec message', async () => {
    await create(cast.admin, { stampName: 'big', image: pngOf(STAMP_IMAGE_MAX_BYTES) });
    expectFailure(
      await cast.admin.post(BASE, { stampName: 'too big', category: 1, password: seal('p'), image: pngOf(STAMP_IMAGE_MAX_BYTES + 1) }),
      400,
      '图片大小不能超过5MB',
    );
    expectFailure(
      await cast.adminEn.post(BASE, { stampName: 'too big', category: 1, password: seal('p'), image: pngOf(STAMP_IMAGE_MAX_BYTES + 1) }),
      400,
      'The image must not exceed 5MB',
    );
    // Not an image, an SVG (scriptable), or bytes that are not what the type says.
    expectFailure(await cast.admin.post(BASE, { stampName: 'x', category: 1, password: seal('p'), image: 'hello' }), 400, /PNG/);
    expectFailure(await cast.admin.post(BASE, { stampName: 'x', category: 1, password: seal('p'), image: 'data:image/svg+xml;base64,PHN2Zz4=' }), 400, /PNG/);
    expectFailure(await cast.admin.post(BASE, { stampName: 'x', category: 1, password: seal('p'), image: 'data:image/png;base64,aGVsbG8=' }), 422, /PNG/);
  });

  it('signs only with a usable stamp and the right password; a wrong one is refused with the spec message', async () => {
    const mine = await create(cast.admin, { stampName: 'mine' });
    const shared = await create(cast.admin, { stampName: 'shared', category: STAMP_CATEGORY.public, memberIds: [cast.clerkId] });
    const notShared = await create(cast.admin, { stampName: 'not shared', category: STAMP_CATEGORY.public });
    const usable = expectOk(await cast.clerk.get(`${BASE}/getAllStamps`), z.array(usableStamp));
    expect(usable.map((s) => s.stampName)).toEqual(expect.arrayContaining(['shared']));
    expect(usable.map((s) => s.stampName)).not.toContain('not shared');
    expect(mine.ownerId).toBe(cast.adminId);
    // A private stamp is its owner's alone.
    expectFailure(await cast.clerk.post(`${BASE}/${mine.id}/verify-password`, { password: seal('pass1234') }), 422, '您不能使用该签章');
    expect((await cast.admin.get(`${BASE}/getAllStamps`)).json().data.map((s: { id: number }) => s.id)).toContain(mine.id);

    expectFailure(await cast.clerk.post(`${BASE}/${shared.id}/verify-password`, { password: seal('wrong') }), 422, '签章密码错误');
    expectFailure(await cast.clerkEn.post(`${BASE}/${shared.id}/verify-password`, { password: seal('wrong') }), 422, 'Wrong stamp password');
    expectFailure(await cast.clerk.post(`${BASE}/${notShared.id}/verify-password`, { password: seal('pass1234') }), 422, '您不能使用该签章');
    expectFailure(await cast.clerk.post(`${BASE}/${shared.id}/verify-password`, {}), 400, '请输入签章密码');
    expect(
      expectOk(await cast.clerk.post(`${BASE}/${shared.id}/verify-password`, { password: seal('pass1234') }), z.object({ valid: z.literal(true) })),
    ).toEqual({ valid: true });

    // Disabled: nobody signs with it; enabled again: they do. The engine calls the same check.
    expectOk(await patch(cast.admin, `${BASE}/${shared.id}/not-enabled`), stamp);
    expectFailure(await cast.clerk.post(`${BASE}/${shared.id}/verify-password`, { password: seal('pass1234') }), 422, '签章未启用');
    expect((await cast.clerk.get(`${BASE}/getAllStamps`)).json().data.map((s: { id: number }) => s.id)).not.toContain(shared.id);
    expectOk(await patch(cast.admin, `${BASE}/${shared.id}/enable`), stamp);
    await withTenant(cast.server.database.db, TENANT, async (tx) => {
      await expect(verifyStampPassword(tx, cast.clerkId, shared.id, 'pass1234')).resolves.toEqual({ valid: true });
      await expect(verifyStampPassword(tx, cast.clerkId, shared.id, 'nope')).rejects.toMatchObject({ status: 422, key: 'stamps.wrongPassword' });
    });
  });

  it('keeps one default per scope, sets members and maintainers through both calls', async () => {
    const a = await create(cast.admin, { stampName: 'pub A', category: STAMP_CATEGORY.public });
    const b = await create(cast.admin, { stampName: 'pub B', category: STAMP_CATEGORY.public });
    expect(expectOk(await patch(cast.admin, `${BASE}/${a.id}/set-default`), stamp).isDefault).toBe(true);
    expect(expectOk(await patch(cast.admin, `${BASE}/${b.id}/set-default`), stamp).isDefault).toBe(true);
    const listed = (await cast.admin.get(`${BASE}?category=2&size=100`)).json().data.records as { id: number; isDefault: boolean }[];
    expect(listed.filter((s) => s.isDefault).map((s) => s.id)).toEqual([b.id]);
    expectOk(await patch(cast.admin, `${BASE}/${a.id}/not-enabled`), stamp);
    expectFailure(await patch(cast.admin, `${BASE}/${a.id}/set-default`), 422, '签章未启用');

    const members = await put(cast.admin, `${BASE}/${a.id}/member`, { userIds: [cast.clerkId, cast.adminId, cast.clerkId] });
    expect(members.json().data.userIds).toEqual([cast.clerkId, cast.adminId]);
    expect((await cast.admin.get(`${BASE}/${a.id}/member`)).json().data.users.map((u: { account: string }) => u.account)).toEqual(['stamp_clerk', 'admin']);
    expect((await patch(cast.admin, `${BASE}/set-manager`, { id: a.id, userIds: [cast.clerkId] })).json().data.userIds).toEqual([cast.clerkId]);
    expect((await cast.admin.get(`${BASE}/${a.id}/maintain`)).json().data.userIds).toEqual([cast.clerkId]);
    expect((await put(cast.admin, `${BASE}/${a.id}/maintain`, { userIds: [] })).json().data.userIds).toEqual([]);
    expectFailure(await put(cast.admin, `${BASE}/${a.id}/member`, { userIds: ['1'] }), 400);
    expectFailure(await patch(cast.admin, `${BASE}/set-manager`, { id: 'x', userIds: [] }), 400);
    expectFailure(await put(cast.admin, `${BASE}/${a.id}/member`, { userIds: [999999] }), 422, '所选用户不存在');
  });

  it('guards every call with its code, and keeps tenants apart', async () => {
    const created = await create(cast.admin, { stampName: 'guarded', category: STAMP_CATEGORY.public });
    expectFailure(await cast.clerk.get(BASE), 403, /stamp:view/);
    expectFailure(await cast.clerk.post(BASE, { stampName: 'x', category: 1, password: seal('p'), image: TINY_PNG }), 403, /stamp:add/);
    expectFailure(await put(cast.clerk, `${BASE}/${created.id}`, { stampName: 'x', category: 1 }), 403, /stamp:edit/);
    expectFailure(await patch(cast.clerk, `${BASE}/${created.id}/enable`), 403, /stamp:edit/);
    expectFailure(await patch(cast.clerk, `${BASE}/set-manager`, { id: created.id, userIds: [] }), 403, /stamp:edit/);
    expectFailure(await cast.clerk.get(`${BASE}/${created.id}/member`), 403, /stamp:view/);
    expectFailure(await cast.clerk.call({ method: 'DELETE', url: `${BASE}/${created.id}` }), 403, /stamp:delete/);

    // Any signed-in user picks members from the directory of enabled users of their own tenant.
    const picked = (await cast.clerk.get('/api/users/directory?name=Clerk')).json().data.records as { account: string }[];
    expect(picked.map((u) => u.account)).toContain('stamp_clerk');
    expect((await cast.other.get('/api/users/directory?name=Clerk')).json().data.records).toEqual([]);
    // One search box: the keyword finds by account as well as by name.
    const byKeyword = async (keyword: string, client = cast.clerk) =>
      ((await client.get(`/api/users/directory?keyword=${keyword}`)).json().data.records as { account: string }[]).map((u) => u.account);
    expect(await byKeyword('stamp_cl')).toEqual(['stamp_clerk']);
    expect(await byKeyword('Clerk')).toContain('stamp_clerk');
    expect(await byKeyword('stamp_cl', cast.other)).toEqual([]);
    expectFailure(await cast.clerk.get('/api/users/directory?size=501'), 400);

    expect((await cast.other.get(`${BASE}?stampName=guarded`)).json().data.records).toEqual([]);
    expectFailure(await cast.other.get(`${BASE}/stamp-img?id=${created.id}`), 404);
    expectFailure(await put(cast.other, `${BASE}/${created.id}`, { stampName: 'x', category: 1 }), 404);
    expectFailure(await patch(cast.other, `${BASE}/${created.id}/set-default`), 404);
    expectFailure(await cast.other.post(`${BASE}/${created.id}/verify-password`, { password: seal('pass1234') }), 404);
    expectFailure(await cast.other.call({ method: 'DELETE', url: `${BASE}/${created.id}` }), 404);
    expectFailure(await cast.admin.get(`${BASE}/stamp-img?id=99999999999`), 400);
    expectFailure(await cast.admin.get(`${BASE}/stamp-img?id=1%00`), 400);
    expectFailure(await cast.admin.get(`${BASE}?size=100000`), 400);
  });

  it('serves the image file to an <img src> with the token cookie alone; the cookie opens no change and no cast.other call', async () => {
    const session = await signIn(cast.server);
    const cookie = `${TOKEN_COOKIE}=${session.access_token}`;
    const made = await create(cast.admin, { stampName: '曲奇章' });
    const file = await cast.server.app.inject({ method: 'GET', url: `${BASE}/${made.id}/image`, headers: { cookie } });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    // The header works as ever; nothing at all is 401; another tenant's cookie finds nothing.
    expect((await cast.admin.get(`${BASE}/${made.id}/image`)).rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await cast.server.app.inject({ method: 'GET', url: `${BASE}/${made.id}/image` })).statusCode).toBe(401);
    const otherCookie = `${TOKEN_COOKIE}=${(await signIn(cast.server, OTHER_TENANT)).access_token}`;
    expectFailure(await cast.server.app.inject({ method: 'GET', url: `${BASE}/${made.id}/image`, headers: { cookie: otherCookie } }), 404);
    // A signed-out session's cookie is dead at once.
    const gone = await signIn(cast.server);
    await cast.server.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'macro-auth': `bearer ${gone.access_token}` } });
    const dead = await cast.server.app.inject({ method: 'GET', url: `${BASE}/${made.id}/image`, headers: { cookie: `${TOKEN_COOKIE}=${gone.access_token}` } });
    expect(dead.statusCode).toBe(401);
    // Writes and the JSON calls of the same domain do not take the cookie (CSRF): 401, nothing changed.
    const json = { cookie, 'content-type': 'application/json' };
    for (const call of [
      { method: 'PUT' as const, url: `${BASE}/${made.id}`, payload: { stampName: '被改', category: STAMP_CATEGORY.private } },
      { method: 'PATCH' as const, url: `${BASE}/${made.id}/not-enabled`, payload: {} },
      { method: 'DELETE' as const, url: `${BASE}/${made.id}` },
      { method: 'POST' as const, url: BASE, payload: { stampName: '伪造', category: STAMP_CATEGORY.private, password: seal('pass1234'), image: TINY_PNG } },
      { method: 'GET' as const, url: `${BASE}/stamp-img?id=${made.id}` },
      { method: 'GET' as const, url: BASE },
    ]) {
      const response = await cast.server.app.inject({ ...call, headers: json });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    const after = expectOk(await cast.admin.get(`${BASE}?stampName=${encodeURIComponent('曲奇章')}`), z.object({ records: z.array(stamp) }));
    expect(after.records.map((r) => [r.stampName, r.enabled])).toEqual([['曲奇章', 1]]);
    expectFailure(await cast.admin.get(`${BASE}/999999/image`), 404);
  });
});
