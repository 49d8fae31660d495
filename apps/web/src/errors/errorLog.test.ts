import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_LOG_MAX, installErrorCapture, useErrorLog } from './errorLog';

describe('error capture', () => {
  let stop: () => void;
  beforeEach(() => {
    useErrorLog.getState().clear();
    stop = installErrorCapture(window);
  });
  afterEach(() => stop());

  it('keeps an unhandled error with its type, message, stack, info, address and time', () => {
    const error = new Error('boom in a handler');
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: 'Uncaught Error: boom in a handler', filename: 'http://localhost/app.js', lineno: 3, colno: 7 }),
    );
    const [kept] = useErrorLog.getState().errors;
    expect(kept).toMatchObject({ type: 'error', message: 'boom in a handler', info: 'http://localhost/app.js:3:7', url: window.location.href });
    expect(kept.stack).toContain('boom in a handler');
    expect(Date.parse(kept.time)).not.toBeNaN();
    // Kept across reloads until uploaded or cleared.
    expect(localStorage.getItem('macro-error-log')).toContain('boom in a handler');
  });

  it('keeps rejected promises nobody handled, whatever they were rejected with', () => {
    const reject = (reason: unknown) => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.assign(event, { reason, promise: Promise.resolve() });
      window.dispatchEvent(event);
    };
    reject(new TypeError('cannot read x'));
    reject('plain text');
    reject({ code: 42 });
    expect(useErrorLog.getState().errors.map((e) => [e.type, e.message])).toEqual([
      ['unhandledrejection', '{"code":42}'],
      ['unhandledrejection', 'plain text'],
      ['unhandledrejection', 'cannot read x'],
    ]);
  });

  it('leaves out images that fail to load, keeps the newest errors only, strips NUL and clears', () => {
    const image = document.createElement('img');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    window.dispatchEvent(new Event('error'));
    expect(useErrorLog.getState().errors).toEqual([]);

    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) window.dispatchEvent(new ErrorEvent('error', { message: `e${i}\u0000` }));
    const { errors } = useErrorLog.getState();
    expect(errors).toHaveLength(ERROR_LOG_MAX);
    expect(errors[0].message).toBe(`e${ERROR_LOG_MAX + 4}`);
    useErrorLog.getState().clear();
    expect(useErrorLog.getState().errors).toEqual([]);
  });
});
