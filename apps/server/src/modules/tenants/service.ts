import { DICT_ROOT } from '@macro/contract';
import { and, eq } from 'drizzle-orm';
import { type Actor, inTenant } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { starterDictionaries } from '../dict/menu.ts';
import { submitDict } from '../dict/service.ts';
import { dicts } from '../dict/tables.ts';
import { grantMenus } from '../menus/service.ts';
import { menus } from '../menus/tables.ts';
import { createUser, findUserByAccount } from '../users/service.ts';
import { roles } from '../users/tables.ts';
import { tenants } from './tables.ts';

export interface TenantProvision {
  tenantId: string;
  tenantName: string;
  adminAccount: string;
  /** Used only when the administrator does not exist yet. */
  adminPassword: string;
}

export const ADMIN_ROLE_ALIAS = 'administrator';

/**
 * Makes a tenant ready to use, idempotently: the tenant, its administrator role holding every
 * platform menu and button, its administrator, and the starter dictionaries.
 * Returns whether the administrator was created now.
 */
export async function provisionTenant(db: Db, input: TenantProvision): Promise<{ adminCreated: boolean }> {
  await db.insert(tenants).values({ tenantId: input.tenantId, tenantName: input.tenantName }).onConflictDoNothing();
  const allMenus = await db.select({ id: menus.id }).from(menus);
  return inTenant(db, input.tenantId, async (tx) => {
    const actor: Actor = { tenantId: input.tenantId, userId: null, account: 'system', ip: '', language: 'zh' };
    await tx
      .insert(roles)
      .values({ roleName: '超级管理员', roleAlias: ADMIN_ROLE_ALIAS, sort: 1 })
      .onConflictDoNothing();
    const [adminRole] = await tx.select().from(roles).where(eq(roles.roleAlias, ADMIN_ROLE_ALIAS));
    await grantMenus(
      tx,
      adminRole.id,
      allMenus.map((m) => m.id),
    );
    let adminCreated = false;
    if (!(await findUserByAccount(tx, input.adminAccount))) {
      await createUser(tx, {
        account: input.adminAccount,
        name: '管理员',
        realName: '管理员',
        password: input.adminPassword,
        roleIds: [adminRole.id],
      });
      adminCreated = true;
    }
    for (const dictionary of starterDictionaries) {
      const [existing] = await tx
        .select({ id: dicts.id })
        .from(dicts)
        .where(and(eq(dicts.kind, 'system'), eq(dicts.parentId, DICT_ROOT), eq(dicts.code, dictionary.code)));
      if (existing) continue;
      const top = await submitDict(tx, 'system', actor, {
        parentId: DICT_ROOT,
        code: dictionary.code,
        dictKey: '-1',
        dictValue: dictionary.name,
        sort: starterDictionaries.indexOf(dictionary) + 1,
        isSealed: 0,
        remark: '',
      });
      for (const [index, name] of dictionary.entries.entries()) {
        await submitDict(tx, 'system', actor, {
          parentId: top.id,
          code: dictionary.code,
          dictKey: String(index + 1),
          dictValue: name,
          sort: index + 1,
          isSealed: 0,
          remark: '',
        });
      }
    }
    return { adminCreated };
  });
}
