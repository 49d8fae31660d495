import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { LOG_PERMISSIONS as P } from './permissions.ts';
import {
  feedbackCreate,
  feedbackImage,
  feedbackListQuery,
  feedbackRecord,
  logClearParams,
  logIdParams,
  logListQuery,
  logRecord,
  logRemoved,
  logRemoveQuery,
  logUploaded,
  logUpload,
} from './schemas.ts';

const BASE = '/log';
const tag = 'logs';

/** Logs and feedback. */
export const LOG_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'logs.page',
    method: 'GET',
    path: BASE,
    tag,
    summary: 'Page of logs',
    description:
      'A page of one kind of log of the tenant, newest first: `error` (front-end errors uploaded from the log dialog), `api` (API access), `login` (sign-ins and sign-outs) or `audit` (every change). Filtered by time (`from`, `to`, ISO 8601), account (substring), kind (error type, HTTP method or audit action) and keyword (message, path or resource).',
    access: P.view,
    query: logListQuery,
    response: pageOf(logRecord),
  }),
  upload: defineEndpoint({
    operationId: 'logs.upload',
    method: 'POST',
    path: BASE,
    tag,
    summary: 'Upload front-end errors',
    description:
      "Stores the front-end errors the console captured (type, message, stack, info, url, time) as the caller's error logs, for administrators to read. At most 50 per call.",
    access: 'authenticated',
    body: logUpload,
    response: logUploaded,
  }),
  clear: defineEndpoint({
    operationId: 'logs.clear',
    method: 'DELETE',
    path: `${BASE}/clear/:type`,
    tag,
    summary: 'Clear a kind of log',
    description:
      'Deletes every `error` or `api` log of the tenant; the clearing is itself written to the audit log. Sign-in logs and the audit log cannot be cleared (422).',
    access: P.clear,
    params: logClearParams,
    response: logRemoved,
    failures: [422],
  }),
  remove: defineEndpoint({
    operationId: 'logs.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    tag,
    summary: 'Delete a log',
    description: 'Deletes one `error` or `api` log (`type`, default `error`), audited. Sign-in logs and the audit log cannot be deleted (422).',
    access: P.delete,
    params: logIdParams,
    query: logRemoveQuery,
    response: logRemoved,
    failures: [404, 422],
  }),
  feedback: defineEndpoint({
    operationId: 'logs.feedback',
    method: 'POST',
    path: `${BASE}/feedback`,
    tag,
    summary: 'Send feedback',
    description: "Stores the caller's feedback: a text and, optionally, a screenshot of the page (JPEG data URL, at most 5 MB) kept in the file store.",
    access: 'authenticated',
    body: feedbackCreate,
    response: feedbackRecord,
    failures: [422],
  }),
  feedbackPage: defineEndpoint({
    operationId: 'logs.feedbackPage',
    method: 'GET',
    path: `${BASE}/feedback`,
    tag,
    summary: 'Page of feedback',
    description: "The feedback the tenant's users sent, newest first, filtered by account and text (substrings).",
    access: P.feedback,
    query: feedbackListQuery,
    response: pageOf(feedbackRecord),
  }),
  feedbackImage: defineEndpoint({
    operationId: 'logs.feedbackImage',
    method: 'GET',
    path: `${BASE}/feedback/:id/image`,
    tag,
    summary: 'Screenshot of a feedback',
    description: 'The screenshot sent with the feedback `id`, as a data URL.',
    access: P.feedback,
    params: logIdParams,
    response: feedbackImage,
    failures: [404],
  }),
};
