import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withChunkTimeout } from './chunkTimeout';

describe('chunk load time-out (120000 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on code that has not arrived after 120 s, and not a moment before', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    const outcome = load().then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkTimeoutError);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a load through, and its failure too', async () => {
    await expect(withChunkTimeout(async () => 'module')()).resolves.toBe('module');
    await expect(withChunkTimeout(async () => Promise.reject(new Error('404 chunk')))()).rejects.toThrow('404 chunk');
  });
});
