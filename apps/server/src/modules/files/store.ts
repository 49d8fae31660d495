import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasHiddenCharacters, parseDataUrl } from '@macro/contract';
import type { Ctx, Tx } from '@macro/store';
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
 * Whether the bytes are of the type named (by their first bytes; text is UTF-8 without NUL): a
 * type a sender gives, or one read off a file name, is only their word. Unknown types: false.
 */
export function looksLike(mimeType: string, bytes: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (mimeType) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return starts(0x47, 0x49, 0x46, 0x38);
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'application/pdf':
      return starts(0x25, 0x50, 0x44, 0x46);
    // The legacy Office formats are OLE compound files; the current ones and ZIP are ZIP archives.
    case 'application/msword':
    case 'application/vnd.ms-excel':
    case 'application/vnd.ms-powerpoint':
      return starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    case 'application/zip':
      return starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06);
    case 'text/plain':
    case 'text/csv':
      return !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
    default:
      return false;
  }
}

/**
 * Stores an image sent as a data URL the contract has checked (`imageDataUrl`), after checking its
 * bytes are the image type it claims (else 422 with `typeMessage`). Returns the file.
 */
export async function storeImage(ctx: Ctx, store: FileStore, dataUrl: string, purpose: string, typeMessage: string): Promise<StoredFile> {
  const { mimeType, base64 } = parseDataUrl(dataUrl);
  const bytes = Buffer.from(base64, 'base64');
  if (!looksLike(mimeType, bytes)) throw unprocessable(typeMessage);
  return storeFile(ctx, store, { fileName: `${purpose}.${mimeType.split('/')[1]}`, mimeType, bytes, purpose });
}
