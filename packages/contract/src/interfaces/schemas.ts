import { z } from 'zod';
import { id, idParam, pageQuery, parentId, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { url } from '../validatorSchemas.ts';

/*
 * Interfaces: the product's own operations (the catalogue API scopes grant), and custom
 * interfaces a tenant publishes for other systems, in a category tree, served live under
 * `/api/open/{path}` while enabled.
 */

export const INTERFACE_METHODS = ['GET', 'POST'] as const;
export type InterfaceMethod = (typeof INTERFACE_METHODS)[number];
/** What answers a call: a data source of the tenant, or an address on the outbound allow-list. */
export const INTERFACE_KINDS = ['dataSource', 'http'] as const;
export type InterfaceKind = (typeof INTERFACE_KINDS)[number];
/** The answer's shape: the platform's envelope, or the data alone. */
export const INTERFACE_RESPONSES = ['envelope', 'raw'] as const;
/** Where custom interfaces are served, under the API prefix. */
export const OPEN_PREFIX = '/open';
/** Calls a minute an interface takes from one caller by default; 0 takes any number. */
export const DEFAULT_RATE_LIMIT = 60;
/** The header that names the tenant of a call made without a token (anonymous interfaces). */
export const TENANT_HEADER = 'tenant-id';

/** A path under /api/open: up to six segments of lower-case letters, digits and hyphens. */
export const interfacePath = z
  .string({ message: 'interfaces.pathInvalid' })
  .trim()
  .max(200, { message: 'interfaces.pathInvalid' })
  .regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*){0,5}$/, { message: 'interfaces.pathInvalid' });

export const interfaceCategory = z
  .object({ id: z.number(), parentId: z.number(), name: z.string(), sort: z.number(), createTime: z.string() })
  .meta({ id: 'InterfaceCategory' });
export type InterfaceCategory = z.infer<typeof interfaceCategory>;
export interface InterfaceCategoryNode extends InterfaceCategory {
  children?: InterfaceCategoryNode[];
}
export const interfaceCategoryNode: z.ZodType<InterfaceCategoryNode> = interfaceCategory
  .extend({ children: z.array(z.lazy(() => interfaceCategoryNode)).optional() })
  .meta({ id: 'InterfaceCategoryNode' });

export const interfaceCategorySubmit = z.object({
  id: id.optional(),
  parentId: parentId.default(0),
  name: requiredText('standard', 'interfaces.categoryNameRequired'),
  sort: z.number({ message: 'validation.digits' }).int({ message: 'validation.digits' }).min(0).max(99999).default(1),
});
export type InterfaceCategorySubmit = z.input<typeof interfaceCategorySubmit>;

export const interfaceInfo = z
  .object({
    id: z.number(),
    categoryId: z.number(),
    categoryName: z.string(),
    code: z.string(),
    name: z.string(),
    method: z.enum(INTERFACE_METHODS),
    path: z.string(),
    /** Where it is called: `/api/open/{path}`. */
    address: z.string(),
    kind: z.enum(INTERFACE_KINDS),
    dataSourceId: z.number().nullable(),
    dataSourceName: z.string(),
    url: z.string(),
    /** The code a caller must hold ('' for any signed-in user). */
    permission: z.string(),
    anonymous: z.boolean(),
    /** Calls a minute from one caller (0: no limit). */
    rateLimit: z.number(),
    response: z.enum(INTERFACE_RESPONSES),
    enabled: z.boolean(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'InterfaceInfo' });
export type InterfaceInfo = z.infer<typeof interfaceInfo>;

/** A custom interface as written; its kind decides which of `dataSourceId` and `url` it needs. */
export const interfaceInfoSubmit = z
  .object({
    categoryId: z.number({ message: 'interfaces.categoryRequired' }).int().min(1, { message: 'interfaces.categoryRequired' }).max(2_147_483_647),
    code: requiredText('short', 'interfaces.codeRequired'),
    name: requiredText('standard', 'interfaces.nameRequired'),
    method: z.enum(INTERFACE_METHODS, { message: 'interfaces.methodInvalid' }).default('GET'),
    path: interfacePath,
    kind: z.enum(INTERFACE_KINDS, { message: 'interfaces.kindInvalid' }).default('dataSource'),
    dataSourceId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    url: z.union([z.literal(''), z.string().trim().max(500, { message: 'validation.url' }).pipe(url)]).default(''),
    permission: z
      .string()
      .trim()
      .max(100)
      .regex(/^$|^[A-Za-z][\w-]*:[\w:-]+$/, { message: 'interfaces.permissionInvalid' })
      .default(''),
    anonymous: z.boolean().default(false),
    rateLimit: z.number({ message: 'validation.digits' }).int({ message: 'validation.digits' }).min(0).max(100_000).default(DEFAULT_RATE_LIMIT),
    response: z.enum(INTERFACE_RESPONSES).default('envelope'),
    sort: z.number({ message: 'validation.digits' }).int({ message: 'validation.digits' }).min(0).max(99999).default(1),
    remark: text('description').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'dataSource' && !value.dataSourceId) ctx.addIssue({ code: 'custom', path: ['dataSourceId'], message: 'interfaces.dataSourceRequired' });
    if (value.kind === 'http' && !value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'interfaces.urlRequired' });
    if (value.anonymous && value.permission) ctx.addIssue({ code: 'custom', path: ['permission'], message: 'interfaces.anonymousWithPermission' });
  });
export type InterfaceInfoSubmit = z.input<typeof interfaceInfoSubmit>;

export const interfaceInfoListQuery = pageQuery.extend({
  name: searchText,
  categoryId: queryInt(0, 2_147_483_647).optional(),
});
export const interfaceIdParams = z.object({ id: idParam });
export const interfaceBrief = z.object({ id: z.number(), name: z.string(), method: z.enum(INTERFACE_METHODS), address: z.string(), enabled: z.boolean() });

/** One call of a custom interface, as logged. */
export const interfaceCall = z
  .object({ id: z.number(), userName: z.string(), ip: z.string(), status: z.number(), durationMs: z.number(), createTime: z.string() })
  .meta({ id: 'InterfaceCall' });
export const interfaceCallQuery = pageQuery;

/** One operation of the product itself. */
export const productOperation = z
  .object({ operationId: z.string(), method: z.string(), path: z.string(), tag: z.string(), summary: z.string(), permission: z.string() })
  .meta({ id: 'ProductOperation' });
export type ProductOperation = z.infer<typeof productOperation>;
export const productOperationQuery = pageQuery.extend({ keyword: searchText, tag: searchText });

/** A live call's path (what follows /api/open/). */
export const openCallParams = z.object({ '*': z.string().max(200) });
