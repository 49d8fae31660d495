import { z } from 'zod';
import { id, idParam, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/**
 * Who a grant is for, numbered as the spec's client numbers them (`/data-authorize/{id}/{type}/menu`,
 * `/authorizes/app/{type}/{id}`: 0 a user, 1 a role).
 */
export const AUTHORIZE_OBJECT = { user: 0, role: 1 } as const;
export type AuthorizeObjectType = (typeof AUTHORIZE_OBJECT)[keyof typeof AUTHORIZE_OBJECT];
const objectType = z.union([z.literal(AUTHORIZE_OBJECT.user), z.literal(AUTHORIZE_OBJECT.role)], { message: 'authorize.objectTypeInvalid' });
const objectTypeParam = queryInt(0, 1, 'authorize.objectTypeInvalid');

export const dataAuthorizeParams = z.object({ objectId: idParam, objectType: objectTypeParam });

/** One data scope as the per-menu grant shows it. */
export const dataAuthorizeScope = z
  .object({ id: z.number(), scopeName: z.string(), resourceCode: z.string(), scopeType: z.number() })
  .meta({ id: 'DataAuthorizeScope' });

export interface DataAuthorizeMenu {
  id: number;
  parentId: number;
  code: string;
  name: string;
  i18n: string;
  /** The data scopes hung on this menu (empty for a folder above such menus). */
  scopes: z.infer<typeof dataAuthorizeScope>[];
  children: DataAuthorizeMenu[];
}
export const dataAuthorizeMenu: z.ZodType<DataAuthorizeMenu> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    code: z.string(),
    name: z.string(),
    i18n: z.string(),
    scopes: z.array(dataAuthorizeScope),
    get children() {
      return z.array(dataAuthorizeMenu);
    },
  })
  .meta({ id: 'DataAuthorizeMenu' });

/** The menus carrying data scopes, and which of those scopes the object holds by itself. */
export const dataAuthorizeView = z
  .object({
    objectId: z.number(),
    objectType: z.number(),
    menus: z.array(dataAuthorizeMenu),
    dataScopeIds: z.array(z.number()),
  })
  .meta({ id: 'DataAuthorizeView' });
export type DataAuthorizeView = z.infer<typeof dataAuthorizeView>;

const ids = z.array(id).max(5000, { message: 'authorize.tooMany' });

/**
 * Sets what the object holds: with `menuIds`, exactly `dataScopeIds` among the scopes of those
 * menus (the object's scopes on other menus stay); without, exactly `dataScopeIds` overall.
 */
export const dataAuthorizeSave = z.object({
  objectId: id,
  objectType,
  menuIds: ids.optional(),
  dataScopeIds: ids,
});
export type DataAuthorizeSave = z.input<typeof dataAuthorizeSave>;

/** A function of the mobile app (a tile of its home screen), granted to roles and users. */
export const appFunc = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string(),
    category: z.string(),
    icon: z.string(),
    url: z.string(),
    sort: z.number(),
    enabled: z.boolean(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'AppFunc' });
export type AppFunc = z.infer<typeof appFunc>;

export const appFuncBody = z.object({
  name: requiredText('standard', 'authorize.nameRequired'),
  code: requiredText('short', 'authorize.codeRequired').pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_:-]*$/, { message: 'authorize.codeInvalid' })),
  category: requiredText('short', 'authorize.categoryRequired'),
  icon: text('short').default(''),
  url: requiredText('function', 'authorize.urlRequired'),
  sort: z
    .number({ message: 'authorize.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  enabled: z.boolean().default(true),
  remark: text('description').default(''),
});
export type AppFuncBody = z.input<typeof appFuncBody>;

export const appFuncIdParams = z.object({ id: idParam });
export const appFuncListQuery = pageQuery.extend({ name: searchText, category: searchText });

/** The functions of one category, for the grant dialog. */
export const appFuncCategory = z.object({ category: z.string(), functions: z.array(appFunc) }).meta({ id: 'AppFuncCategory' });
export type AppFuncCategory = z.infer<typeof appFuncCategory>;

export const appAuthorizeParams = z.object({ objectType: objectTypeParam, objectId: idParam });

/**
 * The spec's `/authorizes` body: who (`objectId`, `objectType`) and what (`itemJson`: the app
 * function ids, as a JSON array or as that array's text, as the spec's client sends it).
 */
export const appAuthorizeSave = z.object({
  objectId: id,
  objectType,
  itemJson: z.union(
    [
      ids,
      z
        .string()
        .max(60_000, { message: 'authorize.itemJsonInvalid' })
        .transform((value, ctx) => {
          try {
            const parsed = ids.safeParse(value.trim() === '' ? [] : JSON.parse(value));
            if (parsed.success) return parsed.data;
          } catch {
            // reported below
          }
          ctx.addIssue({ code: 'custom', message: 'authorize.itemJsonInvalid' });
          return z.NEVER;
        }),
    ],
    { message: 'authorize.itemJsonInvalid' },
  ),
});
export type AppAuthorizeSave = z.input<typeof appAuthorizeSave>;

export const appAuthorizeView = z.object({ objectId: z.number(), objectType: z.number(), itemIds: z.array(z.number()) }).meta({ id: 'AppAuthorizeView' });
export type AppAuthorizeView = z.infer<typeof appAuthorizeView>;

/** What an app function's page opens: a form to fill in, a list of a form's records, or the function's own address. */
export const APP_PAGE_KINDS = ['form', 'list', 'link'] as const;
export type AppPageKind = (typeof APP_PAGE_KINDS)[number];

/** The design of an app function's page: what it opens; one per function. */
export const appFunctionScheme = z
  .object({
    id: z.number(),
    funcId: z.number(),
    funcName: z.string(),
    pageKind: z.enum(APP_PAGE_KINDS),
    /** The form scheme it opens (form and list pages), by code; '' for a link. */
    formCode: z.string(),
    formName: z.string(),
    /** The form's fields a list page shows, in order. */
    columns: z.array(z.string()),
    /** The page's title in the app ('' shows the function's name). */
    title: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'AppFunctionScheme' });
export type AppFunctionScheme = z.infer<typeof appFunctionScheme>;

const pageFields = {
  pageKind: z.enum(APP_PAGE_KINDS, { message: 'authorize.pageKindInvalid' }),
  formCode: text('short').default(''),
  columns: z
    .array(z.string({ message: 'authorize.columnsInvalid' }).min(1, { message: 'authorize.columnsInvalid' }).max(50, { message: 'authorize.columnsInvalid' }), {
      message: 'authorize.columnsInvalid',
    })
    .max(10, { message: 'authorize.tooManyColumns' })
    .default([]),
  title: text('short').default(''),
};

/** A form or a list page opens a form; a list shows at least one of its fields. */
function checkPage(page: { pageKind: AppPageKind; formCode: string; columns: string[] }, ctx: z.RefinementCtx) {
  if (page.pageKind !== 'link' && page.formCode === '') ctx.addIssue({ code: 'custom', message: 'authorize.formRequired', path: ['formCode'] });
  if (page.pageKind === 'list' && page.columns.length === 0) ctx.addIssue({ code: 'custom', message: 'authorize.columnsRequired', path: ['columns'] });
}

/** The page of a function as its dialog edits it (the function is the one the dialog is for). */
export const appFunctionPage = z.object(pageFields).superRefine(checkPage);
export const appFunctionSchemeBody = z.object({ funcId: id, ...pageFields }).superRefine(checkPage);
export type AppFunctionSchemeBody = z.input<typeof appFunctionSchemeBody>;
export const appFunctionSchemeQuery = z.object({ funcId: idParam.optional() });
