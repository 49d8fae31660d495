import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashLockPassword, verifyLockPassword } from './lockHash';

describe('lock password digest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps neither the password nor the same digest twice, and verifies only the right password', async () => {
    const first = await hashLockPassword('秘密-lock-1');
    const second = await hashLockPassword('秘密-lock-1');
    expect(first).not.toContain('秘密-lock-1');
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(await verifyLockPassword('秘密-lock-1', first)).toBe(true);
    expect(await verifyLockPassword('秘密-lock-1', second)).toBe(true);
    expect(await verifyLockPassword('秘密-lock-2', first)).toBe(false);
    expect(await verifyLockPassword('', first)).toBe(false);
  });

  it('matches nothing against a malformed or plain-text stored value (an older console kept it as typed)', async () => {
    expect(await verifyLockPassword('abc', 'abc')).toBe(false);
    expect(await verifyLockPassword('abc', 'pbkdf2-sha256$x$00$00')).toBe(false);
    expect(await verifyLockPassword('abc', '')).toBe(false);
  });

  it('gives the same digest through node-forge where crypto.subtle is missing (plain http)', async () => {
    const stored = await hashLockPassword('lock-me');
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(await verifyLockPassword('lock-me', stored)).toBe(true);
    expect(await verifyLockPassword('lock-you', stored)).toBe(false);
  });
});
