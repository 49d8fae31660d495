import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { serveApi } from '../test/render';
import { changePassword, encryptPasswords } from './session';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const decrypt = (base64: string) =>
  privateDecrypt({ key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64')).toString('utf8');

function serveKey() {
  return serveApi((url) => {
    if (url.pathname === '/api/macro-auth/oauth/public-key') return { data: { publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }) } };
    if (url.pathname === '/api/macro-user/update-password') return { data: null };
    return undefined;
  });
}

describe('passwords leave the console as sign-in sends them', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('encrypts each password with the server key, fetched once for all of them', async () => {
    const calls = serveKey();
    const sealed = await encryptPasswords({ password: 'Secret123', password2: ' 管理员 ' });
    expect(Object.keys(sealed)).toEqual(['password', 'password2']);
    expect(sealed.password).not.toContain('Secret123');
    expect(decrypt(sealed.password)).toBe('Secret123');
    // As typed: spaces are characters of a password.
    expect(decrypt(sealed.password2)).toBe(' 管理员 ');
    expect(calls.filter((c) => c.url.pathname === '/api/macro-auth/oauth/public-key')).toHaveLength(1);
  });

  it('changes my password with all three encrypted, and clears the must-change mark', async () => {
    const calls = serveKey();
    useSession.setState({ token: 't', user: { must_change_password: true } as never });
    await changePassword({ oldPassword: 'Old@123456', newPassword: 'New@123456', newPassword1: 'New@123456' });
    const sent = calls.find((c) => c.url.pathname === '/api/macro-user/update-password');
    const body = JSON.parse(String(sent?.init?.body)) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['newPassword', 'newPassword1', 'oldPassword']);
    expect(JSON.stringify(body)).not.toMatch(/Old@123456|New@123456/);
    expect([decrypt(body.oldPassword), decrypt(body.newPassword), decrypt(body.newPassword1)]).toEqual(['Old@123456', 'New@123456', 'New@123456']);
    expect(useSession.getState().user?.must_change_password).toBe(false);
  });
});
