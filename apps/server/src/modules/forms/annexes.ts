import { type Annex, ANNEX_ENDPOINTS, ANNEX_TYPES, type AnnexUpload, extensionOf, type FormDocument, kindOf, type FieldUi } from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import { eq, inArray } from 'drizzle-orm';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { files } from '../files/tables.ts';
import { type FileStore, readStoredFile, storeFile } from '../files/store.ts';
import { userNamesOf } from '../users/manage.ts';
import { formAnnexes } from './tables.ts';
import { iso } from '../../platform/time.ts';

/** Whether the bytes are what the extension says: a renamed executable is not a PDF. */
function bytesMatch(ext: string, bytes: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const zip = starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06);
  const ole = starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
  switch (ext) {
    case 'pdf':
      return starts(0x25, 0x50, 0x44, 0x46);
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'gif':
      return starts(0x47, 0x49, 0x46, 0x38);
    case 'webp':
      return starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'doc':
    case 'xls':
    case 'ppt':
      return ole;
    case 'docx':
    case 'xlsx':
    case 'pptx':
    case 'zip':
      return zip;
    case 'txt':
    case 'csv':
      // Text: UTF-8 without NUL bytes.
      return !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
    default:
      return false;
  }
}

async function present(tx: Tx, rows: readonly { id: string; createUser: number | null; createdAt: Date; fileName: string; mimeType: string; size: number }[]): Promise<Annex[]> {
  const names = await userNamesOf(tx, rows.map((r) => r.createUser));
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    mimeType: r.mimeType,
    size: r.size,
    createUserName: r.createUser === null ? '' : (names.get(r.createUser) ?? ''),
    createTime: iso(r.createdAt),
    url: `/api${ANNEX_ENDPOINTS.content.path.replace(':id', r.id)}`,
  }));
}

const annexColumns = {
  id: formAnnexes.id,
  fileId: formAnnexes.fileId,
  createUser: formAnnexes.createUser,
  createdAt: formAnnexes.createdAt,
  fileName: files.fileName,
  mimeType: files.mimeType,
  size: files.size,
};

async function annexRow(tx: Tx, id: string, lock = false) {
  const query = tx.select(annexColumns).from(formAnnexes).innerJoin(files, eq(files.id, formAnnexes.fileId)).where(eq(formAnnexes.id, id));
  const [row] = lock ? await query.for('update', { of: formAnnexes }) : await query;
  if (!row) throw notFound('forms.annexMissing');
  return row;
}

/** Stores an uploaded file after checking its bytes are the type its extension names (422 otherwise). */
export async function uploadAnnex(ctx: Ctx, store: FileStore, input: AnnexUpload): Promise<Annex> {
  const ext = extensionOf(input.fileName);
  const bytes = Buffer.from(input.dataUrl.slice(input.dataUrl.indexOf(',') + 1), 'base64');
  if (!bytes.length) throw unprocessable('forms.annexRequired');
  if (!bytesMatch(ext, bytes)) throw unprocessable('forms.annexContent', { ext: ext.toUpperCase() });
  const file = await storeFile(ctx, store, { fileName: input.fileName, mimeType: ANNEX_TYPES[ext], bytes, purpose: 'annex' });
  const [row] = await ctx.tx.insert(formAnnexes).values({ fileId: file.id }).returning();
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'create', resource: 'annex', resourceId: row.id, after: { fileName: file.fileName, size: file.size } });
  return (await present(ctx.tx, [{ ...row, fileName: file.fileName, mimeType: file.mimeType, size: file.size }]))[0];
}

export const annexInfo = async (tx: Tx, id: string): Promise<Annex> => (await present(tx, [await annexRow(tx, id)]))[0];

export async function annexBytes(tx: Tx, store: FileStore, id: string) {
  const row = await annexRow(tx, id);
  return readStoredFile(tx, store, row.fileId);
}

/** Deletes an annex its uploader no longer wants; the bytes go with the next sweep of unreferenced keys. */
export async function removeAnnex(ctx: Ctx, id: string): Promise<number> {
  const row = await annexRow(ctx.tx, id, true);
  if (row.createUser !== ctx.actor.userId) throw new AppError(403, 'forms.annexNotYours');
  await ctx.tx.delete(formAnnexes).where(eq(formAnnexes.id, id));
  await ctx.tx.delete(files).where(eq(files.id, row.fileId));
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource: 'annex', resourceId: id, before: { fileName: row.fileName, size: row.size } });
  return 1;
}

/** The names of a document's file fields. */
export function fileFieldsOf(document: FormDocument): string[] {
  return Object.entries(document.schema.properties)
    .filter(([name, field]) => kindOf(field, document.uiSchema[name] as FieldUi | undefined) === 'file')
    .map(([name]) => name);
}

/** The annexes of these ids the tenant has, in the order given (ids it has not are left out). */
export async function annexesByIds(tx: Tx, ids: readonly string[]): Promise<Annex[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await tx.select(annexColumns).from(formAnnexes).innerJoin(files, eq(files.id, formAnnexes.fileId)).where(inArray(formAnnexes.id, unique));
  const byId = new Map((await present(tx, rows)).map((a) => [a.id, a]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The annexes named by the document's file fields must exist in the tenant: an id that does
 * not (made up, deleted, another tenant's) is refused with 422 naming the field.
 */
export async function checkAnnexes(tx: Tx, document: FormDocument, data: Record<string, unknown>): Promise<void> {
  const byField = fileFieldsOf(document)
    .filter((name) => Array.isArray(data[name]))
    .map((name) => ({ title: document.schema.properties[name].title || name, ids: data[name] as string[] }));
  const ids = [...new Set(byField.flatMap((f) => f.ids))];
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: formAnnexes.id }).from(formAnnexes).where(inArray(formAnnexes.id, ids))).map((r) => r.id));
  const missing = byField.find((f) => f.ids.some((id) => !found.has(id)));
  if (missing) throw unprocessable('forms.annexMissingIn', { field: missing.title });
}
