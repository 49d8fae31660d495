import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import shim from './uriResolver';

// The build replaces fast-uri with the shim inside rjsf; here both are the real thing.
describe('the URI resolver rjsf gets in the build', () => {
  const resolutions: [string, string][] = [
    ['http://example.com/schemas/form.json', '#/definitions/amount'],
    ['http://example.com/schemas/form.json', 'other.json#/x'],
    ['http://example.com/schemas/a/form.json', '../shared.json'],
    ['https://example.com/root', 'https://other.example/x.json'],
    ['', '#/definitions/amount'],
    ['', 'common.json'],
  ];
  it.each(resolutions)('resolves %s + %s as fast-uri does', (base, reference) => {
    expect(shim.resolve(base, reference)).toBe(fastUri.resolve(base, reference));
  });

  it('compares URIs as fast-uri does', () => {
    expect(shim.equal('http://example.com/a.json', 'http://example.com/a.json')).toBe(true);
    expect(shim.equal('HTTP://EXAMPLE.com/a.json', 'http://example.com/a.json')).toBe(fastUri.equal('HTTP://EXAMPLE.com/a.json', 'http://example.com/a.json'));
    expect(shim.equal('#/a', '#/b')).toBe(false);
    expect(shim.equal('#/a', '#/a')).toBe(true);
  });
});
