import { randomInt } from 'node:crypto';
import type { Page } from '@macro/contract';
import type {
  TenantPackage,
  TenantRecord,
  tenantCreate,
  groupGrant,
  groupSubmit,
  tenantPackageListQuery,
  tenantPackageSubmit,
  tenantListQuery,
  tenantUpdate,
  tenantUserChange,
  tenantUserCreate,
  tenantUserListQuery,
} from '@macro/contract/tenants';
import { type Ctx, type Db, type Tx, withTenant } from '@macro/store';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertPlatformActor, inOtherTenant } from '../../platform/crossTenant.ts';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import type { ModuleDeps, TenantProvision } from '../../platform/module.ts';
import { endSessions } from '../identity/public.ts';
import { existingMenuIds, menusOpenedBy, restrictGrants } from '../menus/public.ts';
import { type AccountBrief, changeAccount, countAccounts, findAccount, listAccounts, removeAccount } from '../identity/public.ts';
import { randomPassword } from '../identity/public.ts';
import { createUser, findUserByAccount } from '../identity/public.ts';
import { TENANT_STATUS, tenantPackages, tenants } from './tables.ts';

type TenantRow = typeof tenants.$inferSelect;
type PackageRow = typeof tenantPackages.$inferSelect;

export async function tenantNameOf(tx: Tx | Db, tenantId: string): Promise<string> {
  const [tenant] = await tx.select({ name: tenants.tenantName }).from(tenants).where(eq(tenants.tenantId, tenantId));
  return tenant?.name ?? '';
}

/** Today as YYYY-MM-DD (UTC), to compare with a tenant's expiry day. */
const today = () => new Date().toISOString().slice(0, 10);

/** Whether the tenant exists, is enabled, not deleted and not past its expiry day. */
export async function isActiveTenant(db: Db, tenantId: string): Promise<boolean> {
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        eq(tenants.tenantId, tenantId),
        eq(tenants.status, TENANT_STATUS.enabled),
        isNull(tenants.deletedAt),
        or(eq(tenants.expireTime, ''), sql`${tenants.expireTime} >= ${today()}`),
      ),
    );
  return Boolean(tenant);
}

/**
 * Makes a tenant ready to use, idempotently: the tenant row, then every module's starter data
 * (roles, administrator, dictionaries…) in one transaction of that tenant. Used at start for
 * the platform tenant; tenants created by an administrator go through `createTenant`.
 */
export async function provisionTenant(deps: ModuleDeps, input: TenantProvision): Promise<void> {
  const { db, audit } = deps;
  await db.insert(tenants).values({ tenantId: input.tenantId, tenantName: input.tenantName }).onConflictDoNothing();
  await withTenant(db, input.tenantId, async (tx) => {
    const actor = { tenantId: input.tenantId, userId: null, account: 'system', ip: '', language: 'zh' as const };
    await runProvisions({ tx, audit, actor }, input, deps);
  });
}

async function runProvisions(ctx: Ctx, input: TenantProvision, deps: ModuleDeps): Promise<void> {
  for (const module of deps.modules) await module.provision?.(ctx, input, deps);
}

const toRecord = (row: TenantRow, packageName = ''): TenantRecord => ({
  id: row.id,
  tenantId: row.tenantId,
  tenantName: row.tenantName,
  linkman: row.linkman,
  contactNumber: row.contactNumber,
  address: row.address,
  domain: row.domain,
  accountNumber: row.accountNumber,
  expireTime: row.expireTime,
  packageId: row.packageId,
  packageName,
  remark: row.remark,
  status: row.status,
  createTime: row.createdAt.toISOString(),
});

const toPackage = (row: PackageRow, tenantCount: number): TenantPackage => ({
  id: row.id,
  packageName: row.packageName,
  menuIds: row.menuIds,
  remark: row.remark,
  tenantCount,
  createTime: row.createdAt.toISOString(),
});

/**
 * What a tenant may use and grant: the menus its package opens (with their folders and
 * buttons), or null when it has no package (every menu).
 */
export async function packageMenusOf(tx: Tx, tenantId: string): Promise<number[] | null> {
  const [row] = await tx
    .select({ menuIds: tenantPackages.menuIds })
    .from(tenants)
    .innerJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId))
    .where(eq(tenants.tenantId, tenantId));
  return row ? menusOpenedBy(tx, row.menuIds) : null;
}

/** Codes of the live tenants on a package (their rows locked: a package change and a tenant change wait for each other). */
/**
 * Takes removed menus out of every tenant package that lists them (the menus module calls it in
 * the removal's transaction), auditing each package changed; returns how many changed.
 */
export async function withdrawMenusFromPackages(ctx: Ctx, menuIds: readonly number[]): Promise<number> {
  if (!menuIds.length) return 0;
  const ids = sql`array[${sql.join(
    menuIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const holding = await ctx.tx.select().from(tenantPackages).where(sql`${tenantPackages.menuIds} && ${ids}`).for('update');
  for (const before of holding) {
    const kept = before.menuIds.filter((id) => !menuIds.includes(id));
    await auditedUpdate(ctx, tenantPackages, 'tenant-package', before, { menuIds: kept, updatedAt: new Date() });
  }
  return holding.length;
}

async function tenantsOnPackage(tx: Tx, packageId: number): Promise<string[]> {
  const rows = await tx
    .select({ tenantId: tenants.tenantId })
    .from(tenants)
    .where(and(eq(tenants.packageId, packageId), isNull(tenants.deletedAt)))
    .for('update');
  return rows.map((r) => r.tenantId);
}

/** A group (a live tenant) as other modules show it. */
export interface GroupBrief {
  id: number;
  tenantId: string;
  tenantName: string;
}

/**
 * The live groups (tenants, by record id) among these ids, by id, share-locked so none is
 * deleted meanwhile; the users module checks the groups it grants with it.
 */
export async function liveGroupsByIds(tx: Tx, ids: readonly number[]): Promise<GroupBrief[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: tenants.id, tenantId: tenants.tenantId, tenantName: tenants.tenantName })
    .from(tenants)
    .where(and(inArray(tenants.id, [...ids]), isNull(tenants.deletedAt)))
    .orderBy(tenants.id)
    .for('share');
}

/** The tenant service: every call is the platform tenant's administrators' only. */
export function tenantService(deps: ModuleDeps) {
  const platform = deps.config.defaultTenantId;
  const live = isNull(tenants.deletedAt);

  const find = (tx: Tx, id: number, lock = false) => findOr404(tx, tenants, id, { lock, where: live, message: 'tenants.notFound' });

  async function findByCode(tx: Tx, tenantId: string): Promise<TenantRow> {
    const [row] = await tx
      .select()
      .from(tenants)
      .where(and(eq(tenants.tenantId, tenantId), live))
      .for('update');
    if (!row) throw notFound('tenants.notFound');
    return row;
  }

  async function packageNameOf(tx: Tx, packageId: number | null): Promise<string> {
    if (packageId === null) return '';
    const [row] = await tx.select({ name: tenantPackages.packageName }).from(tenantPackages).where(eq(tenantPackages.id, packageId));
    return row?.name ?? '';
  }

  /** The package a tenant is put on must exist; it is locked so it cannot change meanwhile. */
  async function assertPackage(tx: Tx, packageId: number | null): Promise<PackageRow | null> {
    if (packageId === null) return null;
    return findOr404(tx, tenantPackages, packageId, { lock: true, message: 'tenants.packageNotFound' });
  }

  /** Cuts every role of a tenant back to what its package opens. */
  async function applyPackage(ctx: Ctx, tenantId: string, menuIds: readonly number[]): Promise<void> {
    const allowed = await menusOpenedBy(ctx.tx, menuIds);
    await inOtherTenant(ctx, platform, tenantId, 'apply package', ({ tx }) => restrictGrants(tx, allowed));
  }

  const recordOf = async (tx: Tx, row: TenantRow) => toRecord(row, await packageNameOf(tx, row.packageId));

  /** A free code of 6 digits (retried on the rare collision; the unique index is the last word). */
  async function freeCode(tx: Tx): Promise<string> {
    for (;;) {
      const code = String(randomInt(100_000, 1_000_000));
      const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, code));
      if (!taken) return code;
    }
  }

  return {
    async list(ctx: Ctx, query: z.output<typeof tenantListQuery>): Promise<Page<TenantRecord>> {
      assertPlatformActor(ctx, platform);
      const filters = [sql`t.deleted_at is null`];
      if (query.tenantId) filters.push(sql`t.tenant_id ilike ${containing(query.tenantId)}`);
      if (query.tenantName) filters.push(sql`t.tenant_name ilike ${containing(query.tenantName)}`);
      return listPage(
        ctx.tx,
        {
          table: sql`${tenants}`,
          where: sql.join(filters, sql` and `),
          order: ['id'],
          columns: sql`t.*, coalesce(p.package_name, '') as package_name`,
          joins: sql`left join ${tenantPackages} p on p.id = t.package_id`,
          toRecord: (row) =>
            toRecord(
              {
                id: Number(row.id),
                tenantId: String(row.tenant_id),
                tenantName: String(row.tenant_name),
                linkman: String(row.linkman),
                contactNumber: String(row.contact_number),
                address: String(row.address),
                domain: String(row.domain),
                accountNumber: Number(row.account_number),
                expireTime: String(row.expire_time),
                packageId: row.package_id === null ? null : Number(row.package_id),
                remark: String(row.remark),
                status: Number(row.status),
                createdAt: new Date(row.created_at as string),
                updatedAt: new Date(row.updated_at as string),
                deletedAt: null,
              },
              String(row.package_name),
            ),
        },
        query,
      );
    },

    async detail(ctx: Ctx, id: number): Promise<TenantRecord> {
      assertPlatformActor(ctx, platform);
      return recordOf(ctx.tx, await find(ctx.tx, id));
    },

    async create(ctx: Ctx, body: z.output<typeof tenantCreate>) {
      assertPlatformActor(ctx, platform);
      const tenantId = body.tenantId ?? (await freeCode(ctx.tx));
      const [taken] = await ctx.tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, tenantId));
      if (taken) throw conflict('tenants.codeExists', { tenantId });
      const pack = await assertPackage(ctx.tx, body.packageId);
      const { adminAccount, ...fields } = body;
      const row = await auditedInsert(ctx, tenants, 'tenant', { ...fields, tenantId });
      const adminPassword = randomPassword();
      const provision: TenantProvision = { tenantId, tenantName: row.tenantName, adminAccount, adminPassword, mustChangePassword: true };
      await inOtherTenant(ctx, platform, tenantId, 'provision', (inside) => runProvisions(inside, provision, deps));
      if (pack) await applyPackage(ctx, tenantId, pack.menuIds);
      return { ...(await recordOf(ctx.tx, row)), adminPassword };
    },

    async update(ctx: Ctx, id: number, body: z.output<typeof tenantUpdate>): Promise<TenantRecord> {
      assertPlatformActor(ctx, platform);
      const before = await find(ctx.tx, id, true);
      const pack = await assertPackage(ctx.tx, body.packageId);
      if (pack && before.tenantId === platform) throw conflict('tenants.platformTenantFixed');
      const after = await auditedUpdate(ctx, tenants, 'tenant', before, { ...body, updatedAt: new Date() });
      if (pack) await applyPackage(ctx, before.tenantId, pack.menuIds);
      return recordOf(ctx.tx, after);
    },

    async setStatus(ctx: Ctx, id: number, status: number): Promise<TenantRecord> {
      assertPlatformActor(ctx, platform);
      const before = await find(ctx.tx, id, true);
      if (before.tenantId === platform) throw conflict('tenants.platformTenantFixed');
      const after = await auditedUpdate(ctx, tenants, 'tenant', before, { status, updatedAt: new Date() });
      if (status !== TENANT_STATUS.enabled) await inOtherTenant(ctx, platform, before.tenantId, 'suspend', ({ tx }) => endSessions(tx));
      return recordOf(ctx.tx, after);
    },

    async remove(ctx: Ctx, id: number): Promise<{ removed: number }> {
      assertPlatformActor(ctx, platform);
      const before = await find(ctx.tx, id, true);
      if (before.tenantId === platform) throw conflict('tenants.platformTenantFixed');
      await auditedUpdate(ctx, tenants, 'tenant', before, { deletedAt: new Date(), status: TENANT_STATUS.disabled });
      await inOtherTenant(ctx, platform, before.tenantId, 'delete', ({ tx }) => endSessions(tx));
      return { removed: 1 };
    },

    async users(ctx: Ctx, id: number, query: z.output<typeof tenantUserListQuery>): Promise<Page<AccountBrief>> {
      assertPlatformActor(ctx, platform);
      const tenant = await find(ctx.tx, id);
      return inOtherTenant(ctx, platform, tenant.tenantId, 'list users', ({ tx }) => listAccounts(tx, query));
    },

    async userExists(ctx: Ctx, tenantId: string, account: string): Promise<{ exists: boolean }> {
      assertPlatformActor(ctx, platform);
      await findByCode(ctx.tx, tenantId);
      return inOtherTenant(ctx, platform, tenantId, 'check account', async ({ tx }) => ({ exists: Boolean(await findUserByAccount(tx, account)) }));
    },

    async createUser(ctx: Ctx, body: z.output<typeof tenantUserCreate>) {
      assertPlatformActor(ctx, platform);
      const tenant = await findByCode(ctx.tx, body.tenantId);
      return inOtherTenant(ctx, platform, tenant.tenantId, 'create user', async (inside) => {
        if (await findUserByAccount(inside.tx, body.account)) throw conflict('tenants.accountExists', { account: body.account });
        // The tenant row is locked (findByCode): two creations cannot both take the last place.
        if (tenant.accountNumber >= 0 && (await countAccounts(inside.tx)) >= tenant.accountNumber) {
          throw conflict('tenants.accountLimit', { limit: tenant.accountNumber });
        }
        const password = randomPassword();
        const id = await createUser(inside.tx, { account: body.account, name: body.name, password, mustChangePassword: true });
        const created = (await findAccount(inside.tx, id))!;
        await inside.audit.record(inside.tx, inside.actor, { action: 'create', resource: 'user', resourceId: id, after: created });
        return { ...created, password };
      });
    },

    async changeUser(ctx: Ctx, id: number, body: z.output<typeof tenantUserChange>): Promise<AccountBrief> {
      assertPlatformActor(ctx, platform);
      const tenant = await findByCode(ctx.tx, body.tenantId);
      return inOtherTenant(ctx, platform, tenant.tenantId, 'change user', async (inside) => {
        const before = await findAccount(inside.tx, id);
        if (!before) throw notFound('tenants.userNotFound');
        const after = await changeAccount(inside.tx, id, { name: body.name, status: body.status });
        if (body.status === 0) await endSessions(inside.tx, id);
        await inside.audit.record(inside.tx, inside.actor, { action: 'update', resource: 'user', resourceId: id, before, after });
        return after;
      });
    },

    async removeUser(ctx: Ctx, id: number, tenantId: string): Promise<{ removed: number }> {
      assertPlatformActor(ctx, platform);
      const tenant = await findByCode(ctx.tx, tenantId);
      return inOtherTenant(ctx, platform, tenant.tenantId, 'remove user', async (inside) => {
        const before = await findAccount(inside.tx, id);
        if (!before) throw notFound('tenants.userNotFound');
        await endSessions(inside.tx, id);
        const removed = await removeAccount(inside.tx, id);
        await inside.audit.record(inside.tx, inside.actor, { action: 'delete', resource: 'user', resourceId: id, before });
        return { removed };
      });
    },

    async listPackages(ctx: Ctx, query: z.output<typeof tenantPackageListQuery>): Promise<Page<TenantPackage>> {
      assertPlatformActor(ctx, platform);
      return listPage(
        ctx.tx,
        {
          table: sql`${tenantPackages}`,
          where: query.packageName ? sql`t.package_name ilike ${containing(query.packageName)}` : sql`true`,
          order: ['id'],
          columns: sql`t.*, (select count(*)::int from ${tenants} u where u.package_id = t.id and u.deleted_at is null) as tenant_count`,
          toRecord: (row) =>
            toPackage(
              {
                id: Number(row.id),
                packageName: String(row.package_name),
                menuIds: (row.menu_ids as number[]).map(Number),
                remark: String(row.remark),
                createdAt: new Date(row.created_at as string),
                updatedAt: new Date(row.updated_at as string),
              },
              Number(row.tenant_count),
            ),
        },
        query,
      );
    },

    async packageDetail(ctx: Ctx, id: number): Promise<TenantPackage> {
      assertPlatformActor(ctx, platform);
      const row = await findOr404(ctx.tx, tenantPackages, id, { message: 'tenants.packageNotFound' });
      return toPackage(row, await tenantsOnPackage(ctx.tx, id).then((list) => list.length));
    },

    async submitPackage(ctx: Ctx, body: z.output<typeof tenantPackageSubmit>): Promise<TenantPackage> {
      assertPlatformActor(ctx, platform);
      const menuIds = [...new Set(body.menuIds)].sort((a, b) => a - b);
      if ((await existingMenuIds(ctx.tx, menuIds)).length !== menuIds.length) throw badRequest('tenants.menuNotFound');
      await assertUnique(ctx.tx, tenantPackages, eq(tenantPackages.packageName, body.packageName), {
        exceptId: body.id,
        message: 'tenants.packageNameExists',
        params: { name: body.packageName },
      });
      const values = { packageName: body.packageName, menuIds, remark: body.remark };
      if (body.id === undefined) return toPackage(await auditedInsert(ctx, tenantPackages, 'tenant-package', values), 0);
      const before = await findOr404(ctx.tx, tenantPackages, body.id, { lock: true, message: 'tenants.packageNotFound' });
      const after = await auditedUpdate(ctx, tenantPackages, 'tenant-package', before, { ...values, updatedAt: new Date() });
      const users = await tenantsOnPackage(ctx.tx, body.id);
      for (const tenantId of users) await applyPackage(ctx, tenantId, menuIds);
      return toPackage(after, users.length);
    },

    async removePackages(ctx: Ctx, ids: readonly number[]): Promise<{ removed: number }> {
      assertPlatformActor(ctx, platform);
      const rows = await lockAll(ctx.tx, tenantPackages, ids, { message: 'tenants.packageNotFound' });
      for (const row of rows) {
        if ((await tenantsOnPackage(ctx.tx, row.id)).length) throw conflict('tenants.packageInUse', { name: row.packageName });
      }
      // Deleted tenants keep their rows but let go of the package.
      await ctx.tx
        .update(tenants)
        .set({ packageId: null })
        .where(and(inArray(tenants.packageId, [...ids]), isNotNull(tenants.deletedAt)));
      return { removed: await auditedDelete(ctx, tenantPackages, 'tenant-package', rows) };
    },

    async submitGroup(ctx: Ctx, body: z.output<typeof groupSubmit>) {
      if (body.id === undefined) return this.create(ctx, body);
      const { id, tenantId: _code, adminAccount: _admin, ...fields } = body;
      return this.update(ctx, id, fields);
    },

    async removeGroups(ctx: Ctx, ids: readonly number[]): Promise<{ removed: number }> {
      let removed = 0;
      for (const id of ids) removed += (await this.remove(ctx, id)).removed;
      return { removed };
    },

    async grant(ctx: Ctx, body: z.output<typeof groupGrant>): Promise<{ updated: number }> {
      assertPlatformActor(ctx, platform);
      const rows = await lockAll(ctx.tx, tenants, [...new Set(body.tenantIds)], { where: live, message: 'tenants.notFound' });
      for (const row of rows) {
        await auditedUpdate(ctx, tenants, 'tenant', row, {
          accountNumber: body.accountNumber,
          expireTime: body.expireTime,
          updatedAt: new Date(),
        });
      }
      return { updated: rows.length };
    },

    /** Public (sign-in page): no actor, read through the server's own connection. */
    async info(domain: string): Promise<{ tenantId: string; tenantName: string }> {
      const [row] = await deps.db
        .select({ tenantId: tenants.tenantId, tenantName: tenants.tenantName })
        .from(tenants)
        .where(and(sql`lower(${tenants.domain}) = lower(${domain})`, live, eq(tenants.status, TENANT_STATUS.enabled)))
        .limit(1);
      if (!row) throw notFound('tenants.notFound');
      return row;
    },

    /**
     * After the menu tree changed shape (a menu moved, a menu became a button), what a package
     * opens may have shrunk: every live tenant on a package is cut back to it again.
     */
    async reapplyPackages(ctx: Ctx): Promise<void> {
      assertPlatformActor(ctx, platform);
      const rows = await ctx.tx
        .select({ tenantId: tenants.tenantId, menuIds: tenantPackages.menuIds })
        .from(tenants)
        .innerJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId))
        .where(live)
        .orderBy(tenants.id);
      for (const row of rows) await applyPackage(ctx, row.tenantId, row.menuIds);
    },

    async packageOf(ctx: Ctx, tenantId: string): Promise<TenantPackage | null> {
      assertPlatformActor(ctx, platform);
      const tenant = await findByCode(ctx.tx, tenantId);
      return tenant.packageId === null ? null : this.packageDetail(ctx, tenant.packageId);
    },
  };
}
