import { z } from 'zod';
import { id, idList, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { phoneOrLandline } from '../validatorSchemas.ts';
import { isCalendarDay } from '../validators.ts';

/** 1 enabled, 0 suspended: a suspended tenant cannot sign in and its live sessions end. */
export const TENANT_STATUS = { enabled: 1, suspended: 0 } as const;

/** A tenant code: 6 to 12 digits or letters; generated when left out. */
const tenantCode = z
  .string({ message: 'tenants.codeInvalid' })
  .trim()
  .regex(/^[0-9A-Za-z]{6,12}$/, { message: 'tenants.codeInvalid' });

const optionalPhone = z.union([z.literal(''), z.string().trim().pipe(phoneOrLandline)]);

/** The day a tenant stops working (YYYY-MM-DD), or '' for never. */
const expireDate = z.union([z.literal(''), z.string({ message: 'tenants.expireInvalid' }).refine(isCalendarDay, { message: 'tenants.expireInvalid' })]);

const tenantFields = {
  tenantName: requiredText('standard', 'tenants.nameRequired'),
  linkman: text('short').default(''),
  contactNumber: optionalPhone.default(''),
  address: text('standard').default(''),
  domain: text('standard').default(''),
  /** Most users the tenant may hold; -1 for no limit. */
  accountNumber: z
    .number({ message: 'tenants.accountNumberInvalid' })
    .int({ message: 'tenants.accountNumberInvalid' })
    .min(-1, { message: 'tenants.accountNumberInvalid' })
    .max(1_000_000, { message: 'tenants.accountNumberInvalid' })
    .default(-1),
  expireTime: expireDate.default(''),
  /** The package limiting its menus; null for every menu. */
  packageId: id.nullable().default(null),
  remark: text('description').default(''),
};

export const tenantCreate = z.object({
  tenantId: tenantCode.optional(),
  adminAccount: requiredText('short', 'tenants.adminAccountRequired').default('admin'),
  ...tenantFields,
});
export type TenantCreate = z.input<typeof tenantCreate>;

export const tenantUpdate = z.object(tenantFields);
export type TenantUpdate = z.input<typeof tenantUpdate>;

export const tenantRecord = z
  .object({
    id: z.number(),
    tenantId: z.string(),
    tenantName: z.string(),
    linkman: z.string(),
    contactNumber: z.string(),
    address: z.string(),
    domain: z.string(),
    accountNumber: z.number(),
    expireTime: z.string(),
    packageId: z.number().nullable(),
    packageName: z.string(),
    remark: z.string(),
    status: z.number(),
    createTime: z.string(),
  })
  .meta({ id: 'Tenant' });
export type TenantRecord = z.infer<typeof tenantRecord>;

export const tenantCreated = tenantRecord
  .extend({
    /** The administrator's first password, shown once; it must be changed at first sign-in. */
    adminPassword: z.string(),
  })
  .meta({ id: 'TenantCreated' });

export const tenantListQuery = pageQuery.extend({ tenantId: searchText, tenantName: searchText });
export const tenantIdParams = z.object({ id: idParam });
export const tenantStatusBody = z.object({
  status: z.union([z.literal(TENANT_STATUS.enabled), z.literal(TENANT_STATUS.suspended)], { message: 'tenants.statusInvalid' }),
});

/** A user of a tenant as the platform administrator sees it. */
export const tenantUser = z
  .object({ id: z.number(), account: z.string(), name: z.string(), status: z.number(), createTime: z.string() })
  .meta({ id: 'TenantUser' });
export const tenantUserListQuery = pageQuery.extend({ account: searchText });

export const tenantUserExistsBody = z.object({
  tenantId: tenantCode,
  account: requiredText('short', 'tenants.accountRequired'),
});
export const tenantUserCreate = z.object({
  tenantId: tenantCode,
  account: requiredText('short', 'tenants.accountRequired'),
  name: requiredText('short', 'tenants.userNameRequired'),
});
export const tenantUserChange = z.object({
  tenantId: tenantCode,
  name: requiredText('short', 'tenants.userNameRequired').optional(),
  status: z.union([z.literal(1), z.literal(0)], { message: 'tenants.statusInvalid' }).optional(),
});
export const tenantUserRemoveQuery = z.object({ tenantId: tenantCode });
export const tenantUserCreated = tenantUser.extend({ password: z.string() }).meta({ id: 'TenantUserCreated' });

/** A tenant package: the menus (and their buttons) a tenant on it may use and grant. */
export const tenantPackage = z
  .object({
    id: z.number(),
    packageName: z.string(),
    menuIds: z.array(z.number()),
    remark: z.string(),
    /** Tenants on this package now. */
    tenantCount: z.number(),
    createTime: z.string(),
  })
  .meta({ id: 'TenantPackage' });
export type TenantPackage = z.infer<typeof tenantPackage>;

export const tenantPackageSubmit = z.object({
  id: id.optional(),
  packageName: requiredText('standard', 'tenants.packageNameRequired'),
  menuIds: z.array(id, { message: 'tenants.menusRequired' }).min(1, { message: 'tenants.menusRequired' }).max(2000),
  remark: text('description').default(''),
});
export type TenantPackageSubmit = z.input<typeof tenantPackageSubmit>;
export const tenantPackageListQuery = pageQuery.extend({ packageName: searchText });
export const tenantPackageDetailQuery = z.object({ id: idParam });
export const tenantPackageRemoveQuery = z.object({ ids: idList });

/** The second call family (/groups): one submit for create (no id) and update (with id). */
export const groupSubmit = tenantCreate.extend({ id: id.optional() });
export const groupSaved = tenantRecord
  .extend({ adminPassword: z.string().optional().describe("Only when created: the administrator's first password, shown once") })
  .meta({ id: 'GroupSaved' });
export const groupIdsQuery = z.object({ ids: idList });
export const groupDetailQuery = z.object({ id: idParam });
export const groupGrant = z.object({
  tenantIds: z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'common.idsInvalid' }).max(500),
  accountNumber: tenantFields.accountNumber,
  expireTime: tenantFields.expireTime,
});
export const groupInfoQuery = z.object({ domain: requiredText('standard', 'tenants.domainRequired') });
export const groupInfo = z.object({ tenantId: z.string(), tenantName: z.string() }).meta({ id: 'GroupInfo' });
export const groupPackageQuery = z.object({ tenantId: tenantCode });
