import { type ApiFailure, type ApiSuccess, type Language, pickLanguage, translate } from '@macro/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, databaseError, uniqueViolation } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/** Wraps a result in the success envelope the console expects. */
export function ok<T>(request: FastifyRequest, data: T): ApiSuccess<T> {
  return { code: 200, success: true, data, msg: translate(request.language, 'common.ok') };
}

export function failure(status: number, message: string, description = message, oauthError?: string): ApiFailure {
  return {
    code: status,
    success: false,
    error_code: status,
    httpCode: status,
    sys_msg: message,
    error_description: description,
    data: null,
    ...(oauthError ? { error: oauthError } : {}),
  };
}

const MESSAGE_KEY = /^[a-z]+\.[a-zA-Z]+$/;

interface Issue {
  message: string;
  path: PropertyKey[];
  params?: Record<string, string | number>;
}

/** A validation issue in words: our own message keys are translated, zod's defaults name the field. */
function describeIssue(language: Language, issue: Issue): string {
  const field = issue.path.map(String).join('.') || '-';
  if (MESSAGE_KEY.test(issue.message)) {
    const text = translate(language, issue.message, { field, ...issue.params });
    if (text !== issue.message) return text;
  }
  return translate(language, 'common.invalidField', { field });
}

/** Maps any thrown error to a real status and the failure envelope, in the request's language. */
export function toFailure(error: unknown, language: Language): { status: number; body: ApiFailure; log: boolean } {
  if (error instanceof AppError) {
    const message = translate(language, error.key, error.params);
    const body = failure(error.status, message, message, error.oauthError);
    return { status: error.status, body: error.problems.length ? { ...body, problems: [...error.problems] } : body, log: false };
  }
  if (error instanceof ZodError) {
    // A body the handler checked itself (an upload's text parts): the same words as the framework's check.
    const messages = error.issues.map((issue) =>
      describeIssue(language, { message: issue.message, path: issue.path, params: (issue as { params?: Record<string, string | number> }).params }),
    );
    return { status: 400, body: failure(400, messages[0], messages.join('; ')), log: false };
  }
  const fastifyError = error as FastifyError & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const issues: Issue[] = fastifyError.validation.map((v) => ({
      message: v.message ?? '',
      path: v.instancePath.split('/').filter(Boolean),
      params: (v.params as { params?: Record<string, string | number> }).params,
    }));
    const messages = issues.map((issue) => describeIssue(language, issue));
    const detail = fastifyError.validation.map((v) => `${v.instancePath || '/'} ${v.message}`).join('; ');
    return { status: 400, body: failure(400, messages[0], `${messages.join('; ')} (${detail})`), log: false };
  }
  const code = fastifyError?.code;
  const simple = (status: number, key: string) => {
    const message = translate(language, key);
    return { status, body: failure(status, message), log: false };
  };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError instanceof SyntaxError) return simple(400, 'common.invalidJson');
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return simple(400, 'common.invalidJson');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return simple(413, 'common.tooLarge');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return simple(415, 'common.unsupportedMedia');
  const database = databaseError(error);
  // Database errors are described in words only: their messages carry SQL and parameters. A
  // unique index, or a reference that keeps a row in use, says what it means by its name.
  if (database && ['23505', '23503', '23001'].includes(database.code)) {
    const known = uniqueViolation(database);
    const message = translate(language, known?.key ?? 'common.conflict', { ...known?.params });
    return { status: 409, body: failure(409, message), log: false };
  }
  // Concurrent writes that met head-on (deadlock, serialization failure, lock not available):
  // nothing was written; the person tries again.
  if (database && ['40P01', '40001', '55P03'].includes(database.code)) {
    return { status: 409, body: failure(409, translate(language, 'common.conflict')), log: true };
  }
  // Backstops for input the contract should have refused: NUL in text, numbers out of range, bad casts.
  if (database && ['22021', '22P05', '22003', '22P02', '22007', '22008'].includes(database.code)) {
    const message = translate(language, 'common.badRequest');
    return { status: 400, body: failure(400, message), log: true };
  }
  if (database) return { status: 500, body: failure(500, translate(language, 'common.internal')), log: true };
  const status = fastifyError?.statusCode;
  if (status === 429) return simple(429, 'common.tooManyRequests');
  if (status && status >= 400 && status < 500) return simple(status, 'common.badRequest');
  return { ...simple(500, 'common.internal'), log: true };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a malformed
 * %-escape in the address, a path parameter over 100 characters) gets the failure envelope in
 * the request's language too, not the framework's English body echoing the address.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toFailure(error, pickLanguage(request.headers['accept-language']));
  reply.status(status).send(body);
}

/** Turns a module's own kind of error into the platform's (ServerModule.translateError); undefined leaves it as it is. */
export type ErrorTranslator = (error: unknown, language: Language) => AppError | undefined;

export function registerHttpBasics(app: FastifyInstance, translate: ErrorTranslator = () => undefined): void {
  app.decorateRequest('language', 'zh');
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });
  app.setErrorHandler((error, request, reply: FastifyReply) => {
    const { status, body, log } = toFailure(translate(error, request.language) ?? error, request.language);
    if (log) request.log.error({ err: error }, 'request failed');
    const sent = status === 500 ? { ...body, error_description: body.sys_msg } : body;
    // Calls outside the envelope are OAuth's (RFC 6749 §5.2): a refused request names its error
    // code even when the framework refused it before the handler ran (a broken body).
    if (status === 400 && request.routeOptions.config?.endpoint?.envelope === false && !sent.error) {
      return reply.status(status).send({ ...sent, error: 'invalid_request' });
    }
    return reply.status(status).send(sent);
  });
}
