import { type Annex, ANNEX_ENDPOINTS, ANNEX_TYPES, extensionOf, type FormDocument, kindOf, type FieldUi } from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import { eq, inArray } from 'drizzle-orm';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { files } from '../files/public.ts';
import { type FileStore, readStoredFile, storeUpload } from '../files/public.ts';
import type { ReceivedUpload } from '../../platform/uploads.ts';
import { userNamesOf } from '../users/public.ts';
import { formAnnexes } from './tables.ts';
import { iso } from '../../platform/time.ts';

async function present(
  tx: Tx,
  rows: readonly { id: string; createUser: number | null; createdAt: Date; fileName: string; mimeType: string; size: number }[],
): Promise<Annex[]> {
  const names = await userNamesOf(
    tx,
    rows.map((r) => r.createUser),
  );
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
export async function uploadAnnex(ctx: Ctx, store: FileStore, upload: ReceivedUpload): Promise<Annex> {
  const ext = extensionOf(upload.fileName);
  // A renamed executable is not a PDF: the bytes must be the type the extension names.
  const file = await storeUpload(ctx, store, upload, {
    mimeType: ANNEX_TYPES[ext],
    purpose: 'annex',
    typeMessage: { key: 'forms.annexContent', params: { ext: ext.toUpperCase() } },
  });
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
