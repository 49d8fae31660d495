import type { DirectoryDepartment, DirectoryProvider, DirectorySettings, DirectorySettingsBody, DirectorySyncResult } from '@macro/contract/directory';
import { deptBody } from '@macro/contract/org';
import { USER_STATUS, type UserFields, type UserRecord, userUpdateBody } from '@macro/contract/users';
import type { Ctx, Tx } from '@macro/store';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { authSocialLinks } from '../auth/public.ts';
import { deptDetail, submitDept } from '../org/public.ts';
import { companies, departments } from '../org/public.ts';
import { createManagedUser, updateManagedUser, userDetail } from '../users/public.ts';
import { users } from '../identity/public.ts';
import { type DirectoryClient, type DirectoryDept, type DirectoryMember, DirectoryRefused, DirectoryUnavailable, directoryClient } from './clients.ts';
import { directoryLinks, directorySettings } from './tables.ts';

type Kind = 'dept' | 'user';
type Counts = DirectorySyncResult['departments'];
type Outcome = keyof Counts;

/** The sign-in provider kind whose external ids are the directory's sign-in ids. */
const SOCIAL_KIND: Record<DirectoryProvider, 'wecom' | 'dingtalk'> = { 'wechat-work': 'wecom', 'ding-talk': 'dingtalk' };

const counts = (): Counts => ({ created: 0, updated: 0, skipped: 0 });

function clientOr422(provider: DirectoryProvider, config: Config): DirectoryClient {
  const client = directoryClient(provider, config.directory);
  if (!client) throw unprocessable('directory.notConfigured');
  return client;
}

/** Runs a directory call, turning its failures into errors a person can read (503 / 502). */
async function asking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DirectoryUnavailable) throw Object.assign(new AppError(503, 'directory.unreachable'), { cause: error });
    if (error instanceof DirectoryRefused) throw new AppError(502, 'directory.refused', { reason: `${error.code} ${error.reason}`.trim() });
    throw error;
  }
}

async function settingsRow(tx: Tx, provider: DirectoryProvider) {
  const [row] = await tx.select().from(directorySettings).where(eq(directorySettings.provider, provider));
  return row;
}

export async function settingsOf(tx: Tx, provider: DirectoryProvider, config: Config): Promise<DirectorySettings> {
  const row = await settingsRow(tx, provider);
  const directory = provider === 'wechat-work' ? config.directory.wecom : config.directory.dingtalk;
  return {
    provider,
    configured: directory !== undefined,
    organisationId: directory ? ('corpId' in directory ? directory.corpId : directory.appKey) : '',
    baseUrl: directory?.baseUrl ?? '',
    companyId: row?.companyId ?? null,
    parentDeptId: row?.parentDeptId ?? 0,
    lastSync: (row?.lastSync as DirectorySyncResult | null) ?? null,
  };
}

export async function saveSettings(ctx: Ctx, provider: DirectoryProvider, body: Required<DirectorySettingsBody>, config: Config): Promise<DirectorySettings> {
  const { tx } = ctx;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, body.companyId));
  if (!company) throw notFound('directory.companyNotFound');
  if (body.parentDeptId !== 0) {
    const [parent] = await tx.select({ companyId: departments.companyId }).from(departments).where(eq(departments.id, body.parentDeptId));
    if (!parent || parent.companyId !== body.companyId) throw notFound('directory.parentDeptNotFound');
  }
  const before = await settingsRow(tx, provider);
  const values = { provider, companyId: body.companyId, parentDeptId: body.parentDeptId, updatedAt: new Date() };
  await tx
    .insert(directorySettings)
    .values(values)
    .onConflictDoUpdate({ target: [directorySettings.tenantId, directorySettings.provider], set: values });
  await ctx.audit.record(tx, ctx.actor, {
    action: before ? 'update' : 'create',
    resource: 'directory-setting',
    resourceId: provider,
    before: before ? { companyId: before.companyId, parentDeptId: before.parentDeptId } : undefined,
    after: { companyId: body.companyId, parentDeptId: body.parentDeptId },
  });
  return settingsOf(tx, provider, config);
}

async function linksOf(tx: Tx, provider: DirectoryProvider, kind: Kind): Promise<Map<string, number>> {
  const rows = await tx
    .select({ externalId: directoryLinks.externalId, localId: directoryLinks.localId })
    .from(directoryLinks)
    .where(and(eq(directoryLinks.provider, provider), eq(directoryLinks.kind, kind)));
  return new Map(rows.map((r) => [r.externalId, r.localId]));
}

async function link(tx: Tx, provider: DirectoryProvider, kind: Kind, externalId: string, localId: number): Promise<void> {
  const values = { provider, kind, externalId, localId, updatedAt: new Date() };
  await tx
    .insert(directoryLinks)
    .values(values)
    .onConflictDoUpdate({ target: [directoryLinks.tenantId, directoryLinks.provider, directoryLinks.kind, directoryLinks.externalId], set: values });
}

export async function remoteDepartments(tx: Tx, provider: DirectoryProvider, config: Config): Promise<DirectoryDepartment[]> {
  const client = clientOr422(provider, config);
  const [found, linked] = await Promise.all([asking(() => client.departments()), linksOf(tx, provider, 'dept')]);
  return found.map((d) => ({ externalId: d.id, name: d.name, externalParentId: d.parentId, deptId: linked.get(d.id) ?? null }));
}

/** Parents before children; a department whose parent the directory did not list counts as a top one. */
function parentsFirst(found: DirectoryDept[]): DirectoryDept[] {
  const ids = new Set(found.map((d) => d.id));
  const children = new Map<string | null, DirectoryDept[]>();
  for (const d of found) {
    const parent = d.parentId !== null && ids.has(d.parentId) && d.parentId !== d.id ? d.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const ordered: DirectoryDept[] = [];
  const queue = [...(children.get(null) ?? [])];
  while (queue.length) {
    const next = queue.shift()!;
    ordered.push(next);
    queue.push(...(children.get(next.id) ?? []));
  }
  return ordered; // a cycle in the directory's answer leaves its members out rather than looping
}

interface Target {
  companyId: number;
  parentDeptId: number;
}

async function targetOf(tx: Tx, provider: DirectoryProvider): Promise<Target> {
  const row = await settingsRow(tx, provider);
  if (!row?.companyId) throw unprocessable('directory.noCompany');
  return { companyId: row.companyId, parentDeptId: row.parentDeptId };
}

async function syncDept(
  ctx: Ctx,
  provider: DirectoryProvider,
  d: DirectoryDept,
  parentId: number,
  target: Target,
  linked: Map<string, number>,
): Promise<Outcome> {
  const { tx } = ctx;
  const sort = Math.min(Math.max(d.order, 0), 99999);
  const name = d.name.slice(0, 50);
  const localId = linked.get(d.id);
  const current = localId === undefined ? undefined : await deptDetail(tx, localId).catch(() => undefined);
  if (current && current.deptName === name && current.parentId === parentId && current.sort === sort && current.companyId === target.companyId)
    return 'skipped';
  const input = deptBody.parse({
    ...(current ?? {}),
    companyId: target.companyId,
    parentId,
    deptName: name,
    sort,
  });
  const saved = await submitDept(ctx, { ...input, id: current?.id });
  linked.set(d.id, saved.id);
  await link(tx, provider, 'dept', d.id, saved.id);
  return current ? 'updated' : 'created';
}

/** The user fields a directory owns; the rest (roles, posts, remark…) stay as the console set them. */
function memberFields(member: DirectoryMember, deptId: number | null, base: Partial<UserFields>): UserFields {
  const candidate: Record<string, unknown> = {
    ...base,
    account: base.account ?? accountFor(member.userId),
    name: member.name.slice(0, 25),
    realName: member.name.slice(0, 25),
    code: member.code.slice(0, 50),
    mobile: member.mobile,
    email: member.email,
    deptId,
    status: member.enabled ? USER_STATUS.enabled : USER_STATUS.disabled,
  };
  delete candidate.roleIds;
  delete candidate.postIds;
  const first = userUpdateBody.safeParse(candidate);
  if (first.success) return first.data;
  // A value the console would refuse (a mobile with a country prefix, an odd email) is left blank
  // rather than failing the whole sync.
  for (const issue of first.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && BLANKABLE.has(field)) candidate[field] = '';
  }
  return userUpdateBody.parse(candidate);
}

/** Contact fields a directory may fill in a form the console refuses: left blank instead. */
const BLANKABLE = new Set(['mobile', 'email', 'code', 'realName']);

/** Accounts are letters, digits and `_`: a directory id becomes one by replacing anything else. */
const accountFor = (userId: string) => userId.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50);

const SYNCED: (keyof UserFields)[] = ['name', 'realName', 'code', 'mobile', 'email', 'deptId', 'status'];

function recordFields(record: UserRecord): Partial<UserFields> {
  const { account, name, realName, code, mobile, telephone, email, wechat, qq, birthday, sex, deptId, remark, status, userType, userExt } = record;
  return {
    account,
    name,
    realName,
    code,
    mobile,
    telephone,
    email,
    wechat,
    qq,
    birthday,
    sex,
    deptId,
    remark,
    status,
    userType,
    userExt,
  } as Partial<UserFields>;
}

async function syncMember(
  ctx: Ctx,
  provider: DirectoryProvider,
  config: Config,
  member: DirectoryMember,
  deptId: number | null,
  linked: Map<string, number>,
): Promise<{ outcome: Outcome; userId: number }> {
  const { tx } = ctx;
  let localId = linked.get(member.userId);
  let current = localId === undefined ? undefined : await userDetail(tx, localId).catch(() => undefined);
  if (!current) {
    // Someone the console already knows by this account is linked, not duplicated.
    const [same] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, accountFor(member.userId)));
    if (same) current = await userDetail(tx, same.id);
  }
  let outcome: Outcome;
  if (current) {
    const before = recordFields(current);
    const after = memberFields(member, deptId, before);
    const changed = SYNCED.some((key) => before[key] !== after[key]);
    localId = current.id;
    outcome = changed ? 'updated' : linked.get(member.userId) === current.id ? 'skipped' : 'updated';
    if (changed) await updateManagedUser(ctx, current.id, after);
  } else {
    // No password anyone knows: the member signs in through the directory, or after a reset.
    const created = await createManagedUser(ctx, memberFields(member, deptId, {}), null);
    localId = created.id;
    outcome = 'created';
  }
  linked.set(member.userId, localId);
  await link(tx, provider, 'user', member.userId, localId);
  const social = config.social.find((p) => p.kind === SOCIAL_KIND[provider]);
  if (social && member.signInId) {
    await tx.insert(authSocialLinks).values({ userId: localId, source: social.source, externalId: member.signInId }).onConflictDoNothing();
  }
  return { outcome, userId: localId };
}

/**
 * Mirrors the directory: departments parents first (created, moved, renamed as the directory
 * has them), then the members of each department (each once, in their main department). Runs in
 * the request's transaction, so a failure half-way changes nothing.
 */
export async function syncDepartments(ctx: Ctx, provider: DirectoryProvider, config: Config): Promise<DirectorySyncResult> {
  const { tx } = ctx;
  const client = clientOr422(provider, config);
  const target = await targetOf(tx, provider);
  // The whole directory is read before the first write, so no row lock waits on the provider.
  const found = parentsFirst(await asking(() => client.departments()));
  const membersOf: (readonly DirectoryMember[])[] = [];
  for (const d of found) membersOf.push(await asking(() => client.members(d.id)));

  const result: DirectorySyncResult = { departments: counts(), users: counts(), at: new Date().toISOString() };
  const deptLinks = await linksOf(tx, provider, 'dept');
  for (const d of found) {
    const parentId = d.parentId !== null && deptLinks.has(d.parentId) ? deptLinks.get(d.parentId)! : target.parentDeptId;
    result.departments[await syncDept(ctx, provider, d, parentId, target, deptLinks)] += 1;
  }
  const userLinks = await linksOf(tx, provider, 'user');
  const done = new Set<string>();
  for (const [index, d] of found.entries()) {
    for (const member of membersOf[index]) {
      if (!member.userId || done.has(member.userId)) continue;
      done.add(member.userId);
      const deptId = deptLinks.get(member.deptId ?? d.id) ?? deptLinks.get(d.id) ?? null;
      result.users[(await syncMember(ctx, provider, config, member, deptId, userLinks)).outcome] += 1;
    }
  }
  await tx.update(directorySettings).set({ lastSync: result, updatedAt: new Date() }).where(eq(directorySettings.provider, provider));
  return result;
}

/** Mirrors one member; their main department must have been synced before. */
export async function syncUser(ctx: Ctx, provider: DirectoryProvider, config: Config, userId: string) {
  const { tx } = ctx;
  const client = clientOr422(provider, config);
  await targetOf(tx, provider);
  const member = await asking(() => client.member(userId));
  if (!member) throw notFound('directory.userNotFound', { id: userId });
  const deptLinks = await linksOf(tx, provider, 'dept');
  const deptId = member.deptId === null ? null : (deptLinks.get(member.deptId) ?? undefined);
  if (deptId === undefined) throw unprocessable('directory.userDepartmentNotSynced', { id: userId });
  return syncMember(ctx, provider, config, member, deptId, await linksOf(tx, provider, 'user'));
}

/** The directory member ids of local users synced from `provider` (users never synced are absent). */
export async function linkedMembers(tx: Tx, provider: DirectoryProvider, userIds: readonly number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await tx
    .select({ localId: directoryLinks.localId, externalId: directoryLinks.externalId })
    .from(directoryLinks)
    .where(and(eq(directoryLinks.provider, provider), eq(directoryLinks.kind, 'user'), inArray(directoryLinks.localId, [...userIds])));
  return new Map(rows.map((r) => [r.localId, r.externalId]));
}
