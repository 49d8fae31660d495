/** Spec 000 §8–§9: a page's code that has not arrived after 120 s is a failed load. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

/** A code import that gives up after CHUNK_TIMEOUT_MS (the route's error page then offers a retry). */
export function withChunkTimeout<T>(load: () => Promise<T>, timeout = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new ChunkTimeoutError('chunk load timeout')), timeout);
      load().then(
        (value) => {
          window.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error);
        },
      );
    });
}
