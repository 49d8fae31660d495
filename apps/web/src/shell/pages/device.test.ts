import { describe, expect, it } from 'vitest';
import { isMacDevice } from './device';

describe('Mac-type device (the sign-in variant)', () => {
  it('recognises Macs, iPhones and iPads, and nothing else', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
    const linux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
    expect(isMacDevice({ userAgent: mac, platform: 'MacIntel' })).toBe(true);
    expect(isMacDevice({ userAgent: iphone, platform: 'iPhone' })).toBe(true);
    expect(isMacDevice({ userAgent: windows, platform: 'Win32' })).toBe(false);
    expect(isMacDevice({ userAgent: linux, platform: 'Linux x86_64' })).toBe(false);
  });
});
