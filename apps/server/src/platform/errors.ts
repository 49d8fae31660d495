import type { MessageParams } from '@macro/contract';

/**
 * An error meant for a person: an HTTP status and a message key from the contract's
 * catalogue, translated into the request's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: MessageParams = {},
    /** RFC 6749 error code, for the token endpoint. */
    readonly oauthError?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key = 'common.unauthorized') => new AppError(401, key);
export const forbidden = (code: string) => new AppError(403, 'common.forbidden', { code });
export const notFound = (key = 'common.notFound', params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: string, params?: MessageParams) => new AppError(409, key, params);
