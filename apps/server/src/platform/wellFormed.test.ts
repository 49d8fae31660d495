import { describe, expect, it } from 'vitest';
import { unpairedSurrogateAt } from './wellFormed.ts';

describe('unpaired surrogates in a parsed request', () => {
  it('finds half a pair alone, either half, or a pair in the wrong order, and names where', () => {
    expect(unpairedSurrogateAt({ name: 'a\ud800' })).toBe('name');
    expect(unpairedSurrogateAt({ name: '\udc00b' })).toBe('name');
    expect(unpairedSurrogateAt({ name: 'x\udc00\ud800y' })).toBe('name');
    expect(unpairedSurrogateAt({ form: { rows: [{ title: 'ok' }, { title: '\ud83d' }] } })).toBe('form.rows.1.title');
    expect(unpairedSurrogateAt('\udfff')).toBe('');
    // A broken key is named by the object holding it.
    expect(unpairedSurrogateAt({ data: { '\ud800': 1 } })).toBe('data');
  });

  it('leaves well-formed text alone: pairs, every plane, no text at all', () => {
    expect(unpairedSurrogateAt({ name: '😀 中文 \u{10ffff}', n: 1, flag: true, none: null, list: ['\ud83d\ude00'] })).toBeNull();
    expect(unpairedSurrogateAt(undefined)).toBeNull();
    expect(unpairedSurrogateAt(Buffer.from([0xed, 0xa0, 0x80]))).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\ud800';
    for (let depth = 0; depth < 200_000; depth++) deep = [deep];
    expect(unpairedSurrogateAt(deep)).toMatch(/^0(\.0)+$/);
  });
});
