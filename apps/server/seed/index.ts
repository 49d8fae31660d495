import type { Config } from '../src/platform/config.ts';
import type { Db } from '../src/platform/db.ts';
import { randomPassword } from '../src/modules/users/password.ts';
import { upsertMenus } from '../src/modules/menus/service.ts';
import { provisionTenant } from '../src/modules/tenants/service.ts';
import { platformMenus } from './menus.ts';

export interface SeedResult {
  adminCreated: boolean;
  /** Set only when the password was generated now: it is shown once and never stored in clear. */
  generatedPassword?: string;
}

/** The demo tenant, its administrator, the platform menus and starter dictionaries; safe to run on every start. */
export async function seedDemo(db: Db, config: Config): Promise<SeedResult> {
  await upsertMenus(db, platformMenus);
  const generatedPassword = config.adminPassword ? undefined : randomPassword();
  const { adminCreated } = await provisionTenant(db, {
    tenantId: config.defaultTenantId,
    tenantName: '宏图集团',
    adminAccount: 'admin',
    adminPassword: config.adminPassword ?? generatedPassword!,
  });
  return { adminCreated, generatedPassword: adminCreated ? generatedPassword : undefined };
}
