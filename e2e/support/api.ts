import { constants, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from '../pages/login.ts';

const BASIC = `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`;

/** Another user of the tenant, made through the API as an administrator would (an entrusted person, an approver to assign). */
export async function createUserByApi(request: APIRequestContext, account: string, name: string, password: string) {
  const { publicKey } = (await (await request.get('/api/macro-auth/oauth/public-key')).json()).data as { publicKey: string };
  const encrypt = (text: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
  const token = await request.post('/api/macro-auth/oauth/token', {
    headers: { authorization: BASIC, 'tenant-id': ADMIN.tenant },
    form: { grant_type: 'password', username: ADMIN.account, password: encrypt(ADMIN.password), scope: 'all' },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const secret = encrypt(password);
  const created = await request.post('/api/macro-user/submit', {
    headers: { 'macro-auth': `bearer ${access_token}` },
    data: { account, name, password: secret, password2: secret },
  });
  expect(created.status(), await created.text()).toBe(200);
}
