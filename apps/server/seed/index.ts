import { withTenant } from '@macro/store';
import type { ModuleDeps } from '../src/platform/module.ts';
import { provisionTenant } from '../src/modules/tenants/service.ts';
import { randomPassword } from '../src/modules/identity/password.ts';
import { findUserByAccount } from '../src/modules/identity/users.ts';

export interface SeedResult {
  adminCreated: boolean;
  /** Set only when the password was generated now: it is shown once and never stored in clear. */
  generatedPassword?: string;
}

/** Every module's platform-wide data, then the demo tenant with every module's starter data; safe on every start. */
export async function seedDemo(deps: ModuleDeps): Promise<SeedResult> {
  const { db, config, modules } = deps;
  for (const module of modules) await module.seed?.(deps);
  const adminExisted = Boolean(await withTenant(db, config.defaultTenantId, (tx) => findUserByAccount(tx, 'admin')).catch(() => undefined));
  const generatedPassword = config.adminPassword ? undefined : randomPassword();
  await provisionTenant(deps, {
    tenantId: config.defaultTenantId,
    tenantName: '宏图集团',
    adminAccount: 'admin',
    adminPassword: config.adminPassword ?? generatedPassword!,
  });
  return { adminCreated: !adminExisted, generatedPassword: adminExisted ? undefined : generatedPassword };
}
