import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx, Tx } from '@macro/store';
import { auditedInsert, findOr404 } from '../../platform/crud.ts';
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
