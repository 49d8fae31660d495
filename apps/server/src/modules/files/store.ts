import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasHiddenCharacters, parseDataUrl } from '@macro/contract';
import type { Ctx, Tx } from '@macro/store';
import { fileTypeFromBuffer } from 'file-type';
import { auditedInsert, findOr404 } from '../../platform/crud.ts';
import { badRequest, unprocessable } from '../../platform/errors.ts';
import { files } from './tables.ts';

/** Where file bytes live. Local folder today; an S3-compatible store can implement the same three calls. */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
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
  // Uploads' contracts check names with the kit's fileName; a name from anywhere else meets the same rule.
  if (hasHiddenCharacters(file.fileName)) throw badRequest('validation.fileNameHidden');
  const tenant = ctx.actor.tenantId.replace(/[^\w-]/g, '_') || 'none';
  const storageKey = `${tenant}/${randomUUID()}`;
  await store.put(storageKey, file.bytes);
  return auditedInsert(ctx, files, 'file', {
    storageKey,
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    purpose: file.purpose,
  });
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

/**
 * Whether the bytes are of the type named: a type a sender gives, or one read off a file name, is
 * only their word. Binary formats are recognised from the bytes by file-type; text is UTF-8 with no
 * NUL and no format file-type recognises. Unknown types: false.
 */
export async function looksLike(mimeType: string, bytes: Buffer): Promise<boolean> {
  const read = (await fileTypeFromBuffer(bytes))?.mime;
  if (mimeType === 'text/plain' || mimeType === 'text/csv')
    return read === undefined && !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
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
