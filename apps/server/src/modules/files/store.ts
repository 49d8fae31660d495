import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasHiddenCharacters, type MessageParams, parseDataUrl } from '@macro/contract';
import type { Ctx, Tx } from '@macro/store';
import { fileTypeFromBuffer } from 'file-type';
import { auditedInsert, findOr404 } from '../../platform/crud.ts';
import { badRequest, unprocessable } from '../../platform/errors.ts';
import type { ReceivedUpload } from '../../platform/uploads.ts';
import { files } from './tables.ts';

/** Where file bytes live. Local folder today; an S3-compatible store can implement the same calls. */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Takes the bytes of a local file (an upload received to a temporary file); the file may be moved. */
  putFile(key: string, path: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

/** A file store in a local folder (config `filesDir`, `MACRO_FILES_DIR`). */
export function localFileStore(root: string): FileStore {
  const path = (key: string) => {
    if (!/^[\w-]+\/[\w-]+$/.test(key)) throw new Error(`bad storage key ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = path(key);
      await mkdir(join(target, '..'), { recursive: true });
      await writeFile(target, bytes, { flag: 'wx' });
    },
    async putFile(key, from) {
      const target = path(key);
      await mkdir(join(target, '..'), { recursive: true });
      // A rename where the temporary file is on the same disk; a copy where it is not.
      await rename(from, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await copyFile(from, target, constants.COPYFILE_EXCL);
      });
    },
    get: (key) => readFile(path(key)),
    remove: (key) => rm(path(key), { force: true }),
  };
}

export interface NewFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  purpose: string;
}

export type StoredFile = typeof files.$inferSelect;

/**
 * Stores the bytes, then records the file in the caller's transaction (audited). If that
 * transaction rolls back the bytes stay behind unreferenced: harmless, and a sweep of keys
 * without rows can remove them; the reverse (a row without bytes) cannot happen.
 */
export async function storeFile(ctx: Ctx, store: FileStore, file: NewFile): Promise<StoredFile> {
  const storageKey = newKey(ctx, file.fileName);
  await store.put(storageKey, file.bytes);
  return record(ctx, storageKey, { ...file, size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex') });
}

/** A new storage key in the actor's tenant's folder, for a file whose name meets the kit's rule. */
function newKey(ctx: Ctx, fileName: string): string {
  // Uploads' contracts check names with the kit's fileName; a name from anywhere else meets the same rule.
  if (hasHiddenCharacters(fileName)) throw badRequest('validation.fileNameHidden');
  const tenant = ctx.actor.tenantId.replace(/[^\w-]/g, '_') || 'none';
  return `${tenant}/${randomUUID()}`;
}

const record = (ctx: Ctx, storageKey: string, file: Omit<NewFile, 'bytes'> & { size: number; sha256: string }) =>
  auditedInsert(ctx, files, 'file', {
    storageKey,
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: file.size,
    sha256: file.sha256,
    purpose: file.purpose,
  });

/**
 * Stores a file a request streamed in (`ctx.upload`), after checking its bytes are `mimeType`
 * (else 422 with `typeMessage`); the same rules as `storeFile`.
 */
export async function storeUpload(
  ctx: Ctx,
  store: FileStore,
  upload: ReceivedUpload,
  file: { mimeType: string; purpose: string; typeMessage: { key: string; params?: MessageParams } },
): Promise<StoredFile> {
  if (!(await uploadLooksLike(file.mimeType, upload))) throw unprocessable(file.typeMessage.key, file.typeMessage.params);
  const storageKey = newKey(ctx, upload.fileName);
  await store.putFile(storageKey, upload.path);
  return record(ctx, storageKey, { fileName: upload.fileName, mimeType: file.mimeType, purpose: file.purpose, size: upload.size, sha256: upload.sha256 });
}

/** `looksLike` for an upload: binary types by its first bytes, text by all of them. */
async function uploadLooksLike(mimeType: string, upload: ReceivedUpload): Promise<boolean> {
  return looksLike(mimeType, TEXT_TYPES.has(mimeType) ? await readFile(upload.path) : upload.head);
}

/** A file of the transaction's tenant (404 otherwise) with its bytes. */
export async function readStoredFile(tx: Tx, store: FileStore, id: number): Promise<{ file: StoredFile; bytes: Buffer }> {
  const file = await findOr404(tx, files, id, { message: 'common.notFound' });
  return { file, bytes: await store.get(file.storageKey) };
}

/**
 * The formats a type may be read as off its bytes (by file-type, from their structure). The legacy
 * Office formats are OLE compound files; a current Office document is a ZIP archive that file-type
 * names by what the archive holds, and one that is only a ZIP is taken too (some writers omit what
 * it looks for).
 */
const READ_AS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'application/pdf': ['application/pdf'],
  'application/msword': ['application/x-cfb'],
  'application/vnd.ms-excel': ['application/x-cfb'],
  'application/vnd.ms-powerpoint': ['application/x-cfb'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/zip',
  ],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip',
  ],
  'application/zip': ['application/zip'],
};

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/**
 * Whether the bytes are of the type named: a type a sender gives, or one read off a file name, is
 * only their word. Binary formats are recognised from the bytes by file-type; text is UTF-8 with no
 * NUL and no format file-type recognises. Unknown types: false.
 */
export async function looksLike(mimeType: string, bytes: Buffer): Promise<boolean> {
  const read = (await fileTypeFromBuffer(bytes))?.mime;
  if (TEXT_TYPES.has(mimeType)) return read === undefined && !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
  return read !== undefined && (READ_AS[mimeType] ?? []).includes(read);
}

/**
 * Stores an image sent as a data URL the contract has checked (`imageDataUrl`), after checking its
 * bytes are the image type it claims (else 422 with `typeMessage`). Returns the file.
 */
export async function storeImage(ctx: Ctx, store: FileStore, dataUrl: string, purpose: string, typeMessage: string): Promise<StoredFile> {
  const { mimeType, base64 } = parseDataUrl(dataUrl);
  const bytes = Buffer.from(base64, 'base64');
  if (!(await looksLike(mimeType, bytes))) throw unprocessable(typeMessage);
  return storeFile(ctx, store, { fileName: `${purpose}.${mimeType.split('/')[1]}`, mimeType, bytes, purpose });
}
