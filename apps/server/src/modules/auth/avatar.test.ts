import { AVATAR_MAX_BYTES } from '@macro/contract/auth';
import { expect, it } from 'vitest';
import { TINY_PNG } from '../stamps/index.ts';
import { castOf, dbLabel, describeDb, encryptPassword, expectFailure } from '../../test/helper.ts';

const PNG = Buffer.from(TINY_PNG.split(',')[1], 'base64');
const png = (bytes = PNG.length) => `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(Math.max(0, bytes - PNG.length))]).toString('base64')}`;

describeDb(`own avatar (${dbLabel})`, () => {
  const cast = castOf('av_clerk');

  it('stores my avatar, names it in my info, serves it to the tenant and to no one else', async () => {
    const response = await cast.clerk.post('/api/macro-user/update-avatar', { image: png() });
    expect(response.statusCode, response.body).toBe(200);
    const avatar = response.json().data.avatar as string;
    expect(avatar).toMatch(/^\/api\/macro-user\/avatar\/\d+$/);
    expect((await cast.clerk.get('/api/user/getUserInfo')).json().data.avatar).toBe(avatar);

    // Any signed-in user of the tenant loads it (lists and the top bar show avatars).
    const image = await cast.admin.get(avatar);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(image.rawPayload).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expectFailure(await cast.other.get(avatar), 404);
    expect((await cast.server.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(401);

    // The avatar path serves avatars only: a stamp's image file is not found there.
    const stamp = await cast.admin.post('/api/macro-flow/stamps', {
      stampName: '头像测试章',
      category: 2,
      password: encryptPassword(cast.server.publicKey, 'seal123'),
      image: png(),
    });
    const stampFileId = stamp.json().data.imageFileId as number;
    expectFailure(await cast.admin.get(`/api/macro-user/avatar/${stampFileId}`), 404);
  });

  it('refuses what is not an image of its size or type, with the message in my language, and keeps the old avatar', async () => {
    const before = (await cast.clerk.get('/api/user/getUserInfo')).json().data.avatar;
    expectFailure(await cast.clerk.post('/api/macro-user/update-avatar', { image: png(AVATAR_MAX_BYTES + 1) }), 400, '头像图片不能超过 2MB');
    expectFailure(await cast.clerkEn.post('/api/macro-user/update-avatar', { image: png(AVATAR_MAX_BYTES + 1) }), 400, 'The avatar image must not exceed 2MB');
    expectFailure(
      await cast.clerk.post('/api/macro-user/update-avatar', { image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }),
      400,
      '头像只能是 PNG、JPEG、GIF 或 WebP 图片',
    );
    // Text that claims to be a PNG.
    expectFailure(
      await cast.clerk.post('/api/macro-user/update-avatar', { image: `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}` }),
      422,
      '头像只能是 PNG、JPEG、GIF 或 WebP 图片',
    );
    expectFailure(await cast.clerk.post('/api/macro-user/update-avatar', {}), 400, '请选择头像图片');
    expectFailure(await cast.clerk.post('/api/macro-user/update-avatar', { image: 42 }), 400);
    expectFailure(await cast.clerk.get('/api/macro-user/avatar/99999999999'), 400);
    expect((await cast.clerk.get('/api/user/getUserInfo')).json().data.avatar).toBe(before);
  });
});
