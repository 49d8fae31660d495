import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Endpoint, UPLOAD_FIELD } from '@macro/contract';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/** How many of a file's first bytes are kept for telling its type (file-type reads at most 4,100). */
const HEAD_BYTES = 4100;

/** Limits of every multipart request besides the file's own size (the endpoint's `upload.maxBytes`). */
export const MULTIPART_LIMITS = { fields: 20, fieldSize: 64 * 1024, files: 1, parts: 21, headerPairs: 100 } as const;

/**
 * The multipart parser's options: the file's name is kept as sent, folders and all, for the
 * contract to judge (its `fileName` refuses path parts with a message) rather than cut silently.
 */
export const MULTIPART_OPTIONS = { limits: MULTIPART_LIMITS, preservePath: true } as const;

/** A file a request streamed in: held in a temporary file until the handler stores it, removed after the request. */
export interface ReceivedUpload {
  /** The name the file part carried (the contract has checked it as `fileName`). */
  fileName: string;
  size: number;
  sha256: string;
  /** The first bytes, for telling the type from them. */
  head: Buffer;
  path: string;
}

/** Refusals of the multipart parser in the platform's words. */
function refusal(error: unknown, maxBytes: number): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'common.fileTooLarge', { mb: Math.floor(maxBytes / 1024 / 1024) });
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'common.tooLarge');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'common.multipartRequired');
    case 'FST_PROTO_VIOLATION':
      return badRequest('common.badRequest');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('common.requestAborted');
    default:
      return error;
  }
}

/**
 * Reads a multipart request of an upload endpoint: the text parts before the file, then the
 * file part `file`, streamed to a temporary file while its size and SHA-256 are counted; past
 * the endpoint's `maxBytes` the request is refused (413) and nothing is kept. Returns the body
 * the contract checks (the text parts and `fileName`) and the file.
 */
export async function receiveUpload(request: FastifyRequest, endpoint: Endpoint): Promise<{ body: Record<string, unknown>; upload: ReceivedUpload }> {
  if (!request.isMultipart()) throw new AppError(415, 'common.multipartRequired');
  const maxBytes = endpoint.upload?.maxBytes ?? 0;
  const part = await request.file({ limits: { ...MULTIPART_LIMITS, fileSize: maxBytes } }).catch((error: unknown) => {
    throw refusal(error, maxBytes);
  });
  if (!part || part.fieldname !== UPLOAD_FIELD) throw badRequest('common.fileRequired');
  const path = join(tmpdir(), `macro-upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, count, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    if (part.file.truncated) throw refusal({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes);
    if (!size) throw badRequest('common.fileRequired');
  } catch (error) {
    await rm(path, { force: true });
    throw refusal(error, maxBytes);
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => v?.type === 'field').map((v) => (v as { value: unknown }).value);
    if (name !== UPLOAD_FIELD && values.length) body[name] = values.length === 1 ? values[0] : values;
  }
  body.fileName = part.filename;
  return { body, upload: { fileName: part.filename, size, sha256: hash.digest('hex'), head: Buffer.concat(head), path } };
}

/** Removes what `receiveUpload` left behind (after the handler, whatever it did). */
export const discardUpload = (upload: ReceivedUpload | undefined) => (upload ? rm(upload.path, { force: true }) : Promise.resolve());
