import type { Page, PageQuery } from '@macro/contract';
import { STAMP_CATEGORY, STAMP_STATUS, type Stamp, type stampCreate, stampPasswordText, type stampUpdate } from '@macro/contract/stamps';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { type PasswordDecryptor, plainPasswordOf } from '../auth/public.ts';
import { type FileStore, readStoredFile, storeImage } from '../files/public.ts';
import { usersByIds } from '../users/public.ts';
import { hashPassword, verifyPassword } from '../identity/public.ts';
import { stampUsers, stamps } from './tables.ts';
import { iso } from '../../platform/time.ts';

export type StampRole = 'maintainer' | 'member';
type StampRow = typeof stamps.$inferSelect;
type CreateInput = z.output<typeof stampCreate>;
type UpdateInput = z.output<typeof stampUpdate>;

const RESOURCE = 'stamp';
const NOT_FOUND = { message: 'stamps.notFound' };
const COLUMNS = sql`t.id, t.stamp_name, t.category, t.sort, t.remark, t.enabled, t.is_default, t.image_file_id, t.create_user, t.created_at, t.updated_at`;

interface Row {
  id: number;
  stampName: string;
  category: number;
  sort: number;
  remark: string;
  enabled: number;
  isDefault: boolean;
  imageFileId: number;
  createUser: number | null;
  createdAt: unknown;
  updatedAt: unknown;
}

const fromSql = (r: Record<string, unknown>): Row => ({
  id: Number(r.id),
  stampName: String(r.stamp_name),
  category: Number(r.category),
  sort: Number(r.sort),
  remark: String(r.remark),
  enabled: Number(r.enabled),
  isDefault: r.is_default === true || r.is_default === 't',
  imageFileId: Number(r.image_file_id),
  createUser: r.create_user === null || r.create_user === undefined ? null : Number(r.create_user),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Rows as the contract shows them: owner names, maintainers and members filled for all at once. */
async function present(tx: Tx, rows: readonly Row[]): Promise<Stamp[]> {
  if (!rows.length) return [];
  const people = await tx
    .select({ stampId: stampUsers.stampId, userId: stampUsers.userId, role: stampUsers.role })
    .from(stampUsers)
    .where(
      inArray(
        stampUsers.stampId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(stampUsers.id);
  const owners = await usersByIds(tx, [...new Set(rows.flatMap((r) => (r.createUser === null ? [] : [r.createUser])))]);
  const ownerName = new Map(owners.map((u) => [u.id, u.name]));
  const of = (id: number, role: StampRole) => people.filter((p) => p.stampId === id && p.role === role).map((p) => p.userId);
  return rows.map((r) => ({
    id: r.id,
    stampName: r.stampName,
    category: r.category,
    sort: r.sort,
    remark: r.remark,
    enabled: r.enabled,
    isDefault: r.isDefault,
    imageFileId: r.imageFileId,
    ownerId: r.createUser,
    ownerName: r.createUser === null ? '' : (ownerName.get(r.createUser) ?? ''),
    maintainerIds: of(r.id, 'maintainer'),
    memberIds: of(r.id, 'member'),
    createTime: iso(r.createdAt),
    updateTime: iso(r.updatedAt),
  }));
}

const one = async (tx: Tx, row: StampRow): Promise<Stamp> => (await present(tx, [row]))[0];

export function listStamps(tx: Tx, query: PageQuery & { stampName?: string; category?: number }): Promise<Page<Stamp>> {
  const parts = [
    query.stampName ? sql`t.stamp_name ilike ${containing(query.stampName)}` : undefined,
    query.category ? sql`t.category = ${query.category}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  const where = parts.length ? sql.join(parts, sql` and `) : sql`true`;
  return listPage(tx, { table: sql`${stamps}`, where, order: ['sort', 'id'], columns: COLUMNS, toRecord: fromSql }, query).then(async (page) => ({
    ...page,
    records: await present(tx, page.records),
  }));
}

/** Refuses user ids that are not users of the tenant (422), so a stamp never names a stranger. */
async function assertUsers(tx: Tx, userIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  const found = await usersByIds(tx, unique);
  if (found.length !== unique.length) throw unprocessable('stamps.userMissing');
  return unique;
}

async function replacePeople(ctx: Ctx, stampId: number, role: StampRole, userIds: readonly number[]): Promise<void> {
  const { tx } = ctx;
  const wanted = await assertUsers(tx, userIds);
  const before = await peopleIds(tx, stampId, role);
  await tx.delete(stampUsers).where(and(eq(stampUsers.stampId, stampId), eq(stampUsers.role, role)));
  if (wanted.length) await tx.insert(stampUsers).values(wanted.map((userId) => ({ stampId, userId, role })));
  await ctx.audit.record(tx, ctx.actor, {
    action: `${role}s`,
    resource: RESOURCE,
    resourceId: stampId,
    before: { userIds: before },
    after: { userIds: wanted },
  });
}

async function peopleIds(tx: Tx, stampId: number, role: StampRole): Promise<number[]> {
  const rows = await tx
    .select({ userId: stampUsers.userId })
    .from(stampUsers)
    .where(and(eq(stampUsers.stampId, stampId), eq(stampUsers.role, role)))
    .orderBy(stampUsers.id);
  return rows.map((r) => r.userId);
}

const storeStampImage = async (ctx: Ctx, store: FileStore, image: string) => (await storeImage(ctx, store, image, 'stamp', 'stamps.imageType')).id;

export async function createStamp(ctx: Ctx, store: FileStore, input: CreateInput): Promise<Stamp> {
  await assertUsers(ctx.tx, [...input.maintainerIds, ...input.memberIds]);
  const imageFileId = await storeStampImage(ctx, store, input.image);
  const row = await auditedInsert(ctx, stamps, RESOURCE, {
    stampName: input.stampName,
    category: input.category,
    sort: input.sort,
    remark: input.remark,
    enabled: STAMP_STATUS.enabled,
    passwordHash: await hashPassword(input.password),
    imageFileId,
  });
  await replacePeople(ctx, row.id, 'maintainer', input.maintainerIds);
  await replacePeople(ctx, row.id, 'member', input.memberIds);
  return one(ctx.tx, row);
}

export async function updateStamp(ctx: Ctx, store: FileStore, id: number, input: UpdateInput): Promise<Stamp> {
  const before = await findOr404(ctx.tx, stamps, id, { lock: true, ...NOT_FOUND });
  await assertUsers(ctx.tx, [...input.maintainerIds, ...input.memberIds]);
  const changes: Partial<typeof stamps.$inferInsert> = {
    stampName: input.stampName,
    category: input.category,
    sort: input.sort,
    remark: input.remark,
    updatedAt: new Date(),
  };
  // A default stays a default only within its own category.
  if (input.category !== before.category) changes.isDefault = false;
  if (input.password) changes.passwordHash = await hashPassword(input.password);
  if (input.image) changes.imageFileId = await storeStampImage(ctx, store, input.image);
  const row = await auditedUpdate(ctx, stamps, RESOURCE, before, changes);
  await replacePeople(ctx, id, 'maintainer', input.maintainerIds);
  await replacePeople(ctx, id, 'member', input.memberIds);
  return one(ctx.tx, row);
}

export async function setStampEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<Stamp> {
  const before = await findOr404(ctx.tx, stamps, id, { lock: true, ...NOT_FOUND });
  const changes = enabled ? { enabled: STAMP_STATUS.enabled } : { enabled: STAMP_STATUS.disabled, isDefault: false };
  return one(ctx.tx, await auditedUpdate(ctx, stamps, RESOURCE, before, { ...changes, updatedAt: new Date() }));
}

/** Makes a stamp the default of its scope (the tenant's public stamps, or its owner's private ones). */
export async function setDefaultStamp(ctx: Ctx, id: number): Promise<Stamp> {
  const { tx } = ctx;
  const before = await findOr404(tx, stamps, id, { lock: true, ...NOT_FOUND });
  if (before.enabled !== STAMP_STATUS.enabled) throw unprocessable('stamps.disabled');
  const scope =
    before.category === STAMP_CATEGORY.public
      ? eq(stamps.category, STAMP_CATEGORY.public)
      : and(eq(stamps.category, STAMP_CATEGORY.private), before.createUser === null ? sql`create_user is null` : eq(stamps.createUser, before.createUser));
  const previous = await tx
    .select()
    .from(stamps)
    .where(and(scope, eq(stamps.isDefault, true)))
    .for('update');
  for (const old of previous) if (old.id !== id) await auditedUpdate(ctx, stamps, RESOURCE, old, { isDefault: false, updatedAt: new Date() });
  return one(tx, await auditedUpdate(ctx, stamps, RESOURCE, before, { isDefault: true, updatedAt: new Date() }));
}

export async function stampPeople(tx: Tx, id: number, role: StampRole) {
  await findOr404(tx, stamps, id, NOT_FOUND);
  const userIds = await peopleIds(tx, id, role);
  const users = await usersByIds(tx, userIds);
  return { userIds, users: users.map(({ id, account, name }) => ({ id, account, name })) };
}

export async function setStampPeople(ctx: Ctx, id: number, role: StampRole, userIds: readonly number[]) {
  await findOr404(ctx.tx, stamps, id, { lock: true, ...NOT_FOUND });
  await replacePeople(ctx, id, role, userIds);
  return stampPeople(ctx.tx, id, role);
}

export async function removeStamp(ctx: Ctx, id: number): Promise<number> {
  const row = await findOr404(ctx.tx, stamps, id, { lock: true, ...NOT_FOUND });
  return auditedDelete(ctx, stamps, RESOURCE, [row]);
}

/** SQL on `t`: stamps `userId` may sign with — enabled, and theirs (private) or shared with them (public). */
const usableBy = (userId: number) => sql`t.enabled = ${STAMP_STATUS.enabled} and (
  (t.category = ${STAMP_CATEGORY.private} and t.create_user = ${userId})
  or (t.category = ${STAMP_CATEGORY.public} and exists (
    select 1 from ${stampUsers} m where m.stamp_id = t.id and m.role = 'member' and m.user_id = ${userId})))`;

export async function usableStamps(tx: Tx, userId: number) {
  const rows = rowsOf(await tx.execute(sql`select ${COLUMNS} from ${stamps} t where ${usableBy(userId)} order by t.is_default desc, t.sort, t.id`)).map(
    fromSql,
  );
  return rows.map((r) => ({ id: r.id, stampName: r.stampName, category: r.category, isDefault: r.isDefault, imageFileId: r.imageFileId }));
}

export async function stampImage(tx: Tx, store: FileStore, id: number) {
  const { row, file, bytes } = await stampImageBytes(tx, store, id);
  return { id: row.id, mimeType: file.mimeType, image: `data:${file.mimeType};base64,${bytes.toString('base64')}` };
}

/** The stored image of a stamp: its type and bytes. */
export async function stampImageBytes(tx: Tx, store: FileStore, id: number) {
  const row = await findOr404(tx, stamps, id, NOT_FOUND);
  const { file, bytes } = await readStoredFile(tx, store, row.imageFileId);
  return { row, file, bytes };
}

/** A stamp password as a body carries it (encrypted as at sign-in), in clear and held to the rule it was typed under; 400 otherwise. */
export const stampPasswordOf = (decrypt: PasswordDecryptor, ciphertext: string): string => plainPasswordOf(decrypt, ciphertext, stampPasswordText);

/**
 * Checks that `userId` may sign with the stamp and knows its password: the engine calls it
 * before recording a signature. Unknown stamp 404; not theirs or disabled 422; wrong password
 * 422 with the spec's message.
 */
export async function verifyStampPassword(tx: Tx, userId: number, id: number, password: string): Promise<{ valid: true }> {
  const row = await findOr404(tx, stamps, id, NOT_FOUND);
  const [usable] = rowsOf(await tx.execute(sql`select 1 as ok from ${stamps} t where t.id = ${id} and ${usableBy(userId)}`));
  if (!usable) throw row.enabled === STAMP_STATUS.enabled ? unprocessable('stamps.notUsable') : unprocessable('stamps.disabled');
  if (!(await verifyPassword(password, row.passwordHash))) throw unprocessable('stamps.wrongPassword');
  return { valid: true };
}
