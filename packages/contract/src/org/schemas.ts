import { z } from 'zod';
import { id, idList, idParam, INT_MAX, pageQuery, parentId, parentIdParam } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { isCalendarDay, isDigits, isEmail, isLandline, isPhoneOrLandline } from '../validators.ts';

/** Companies and departments at the top of their tree sit under parent 0. */
export const ORG_ROOT = 0;
/** Dictionaries the natures come from. */
export const COMPANY_NATURE_DICT = 'CompanyNature';
export const DEPARTMENT_NATURE_DICT = 'DepartmentNature';
/** F_Type of a special post: 1 company, 2 department. */
export const SPECIAL_POST_TYPE = { company: 1, department: 2 } as const;
/** Digits of a phone extension. */
export const EXTENSION_DIGITS = 6;

/** An optional text in a format: blank is allowed, anything else must pass `check`. */
function optionalFormat(check: (value: string) => boolean, message: string) {
  return text('standard')
    .refine((v) => v === '' || check(v), { message })
    .default('');
}

const sortField = z
  .number({ message: 'validation.digits' })
  .int({ message: 'validation.digits' })
  .min(0, { message: 'validation.digits' })
  .max(99999, { message: 'validation.digits' })
  .default(1);

// ---- companies

export const companyBody = z.object({
  parentId: parentId.default(ORG_ROOT),
  companyName: requiredText('standard', 'org.companyNameRequired'),
  shortName: text('short').default(''),
  companyCode: requiredText('short', 'org.companyCodeRequired'),
  natureKey: text('short').default(''),
  manager: text('short').default(''),
  foundedDate: text('short')
    .refine((v) => v === '' || isCalendarDay(v), { message: 'org.dateInvalid' })
    .default(''),
  businessScope: text('description').default(''),
  phone: optionalFormat(isPhoneOrLandline, 'validation.phoneOrLandline'),
  extension: text('short')
    .refine((v) => v === '' || isDigits(v, EXTENSION_DIGITS), { message: 'validation.digits' })
    .default(''),
  fax: optionalFormat(isLandline, 'validation.landline'),
  email: optionalFormat(isEmail, 'validation.email'),
  sort: sortField,
  remark: text('description').default(''),
});
export const companySubmit = companyBody.extend({ id: id.optional() });
export type CompanySubmit = z.input<typeof companySubmit>;

export const company = z
  .object({
    id: z.number(),
    parentId: z.number(),
    parentName: z.string(),
    companyName: z.string(),
    shortName: z.string(),
    companyCode: z.string(),
    natureKey: z.string(),
    natureName: z.string(),
    manager: z.string(),
    foundedDate: z.string(),
    businessScope: z.string(),
    phone: z.string(),
    extension: z.string(),
    fax: z.string(),
    email: z.string(),
    sort: z.number(),
    remark: z.string(),
    hasChildren: z.boolean(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof company>;

export interface CompanyTreeNode {
  id: number;
  parentId: number;
  title: string;
  key: number;
  value: number;
  code: string;
  children: CompanyTreeNode[];
}
export const companyTreeNode: z.ZodType<CompanyTreeNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    title: z.string(),
    key: z.number(),
    value: z.number(),
    code: z.string(),
    get children() {
      return z.array(companyTreeNode);
    },
  })
  .meta({ id: 'CompanyTreeNode' });

export const companyIdParams = z.object({ companyId: idParam });

/** A node of a mixed organisation tree: companies, their departments, and (later) users. */
export const ORG_NODE_KINDS = ['company', 'department', 'user', 'post'] as const;
export type OrgNodeKind = (typeof ORG_NODE_KINDS)[number];
export interface OrgTreeNode {
  /** `company-1`, `department-5`, …: unique across kinds. */
  key: string;
  id: number;
  kind: OrgNodeKind;
  title: string;
  parentId: number;
  companyId: number;
  children: OrgTreeNode[];
}
export const orgTreeNode: z.ZodType<OrgTreeNode> = z
  .object({
    key: z.string(),
    id: z.number(),
    kind: z.enum(ORG_NODE_KINDS),
    title: z.string(),
    parentId: z.number(),
    companyId: z.number(),
    get children() {
      return z.array(orgTreeNode);
    },
  })
  .meta({ id: 'OrgTreeNode' });

export const orgUser = z.object({ id: z.number(), account: z.string(), name: z.string(), deptId: z.number() }).meta({ id: 'OrgUser' });

// ---- departments

export const deptBody = z.object({
  companyId: z
    .number({ message: 'org.companyRequired' })
    .int({ message: 'common.idInvalid' })
    .min(1, { message: 'org.companyRequired' })
    .max(INT_MAX, { message: 'common.idInvalid' }),
  parentId: parentId.default(ORG_ROOT),
  deptName: requiredText('standard', 'org.deptNameRequired'),
  deptCode: text('short').default(''),
  fullName: text('standard').default(''),
  deptType: text('short').default(''),
  manager: text('short').default(''),
  phone: optionalFormat(isPhoneOrLandline, 'validation.phoneOrLandline'),
  sort: sortField,
  remark: text('description').default(''),
});
export const deptSubmit = deptBody.extend({ id: id.optional() });
export type DeptSubmit = z.input<typeof deptSubmit>;

export const dept = z
  .object({
    id: z.number(),
    companyId: z.number(),
    companyName: z.string(),
    parentId: z.number(),
    parentName: z.string(),
    deptName: z.string(),
    deptCode: z.string(),
    fullName: z.string(),
    deptType: z.string(),
    deptTypeName: z.string(),
    manager: z.string(),
    phone: z.string(),
    sort: z.number(),
    remark: z.string(),
    hasChildren: z.boolean(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Department' });
export type Dept = z.infer<typeof dept>;

export interface DeptNode extends Dept {
  children: DeptNode[];
}
export const deptNode: z.ZodType<DeptNode> = dept
  .extend({
    get children() {
      return z.array(deptNode);
    },
  })
  .meta({ id: 'DepartmentNode' });

export interface DeptTreeNode {
  id: number;
  parentId: number;
  companyId: number;
  title: string;
  key: number;
  value: number;
  hasChildren: boolean;
  children: DeptTreeNode[];
}
export const deptTreeNode: z.ZodType<DeptTreeNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    companyId: z.number(),
    title: z.string(),
    key: z.number(),
    value: z.number(),
    hasChildren: z.boolean(),
    get children() {
      return z.array(deptTreeNode);
    },
  })
  .meta({ id: 'DepartmentTreeNode' });

export const deptIdParams = z.object({ deptId: idParam });
export const deptListQuery = pageQuery.extend({ deptName: searchText, companyId: idParam.optional() });
export const deptLazyQuery = z.object({ parentId: parentIdParam.default(ORG_ROOT), companyId: idParam.optional() });
export const deptTreeQuery = z.object({ tenantId: searchText, companyId: idParam.optional() });
export const orgDetailQuery = z.object({ id: idParam });
export const orgRemoveQuery = z.object({ ids: idList });
export const orgRemoved = z.object({ removed: z.number().int() });

// ---- special posts

export const specialPostType = z.union([z.literal(SPECIAL_POST_TYPE.company), z.literal(SPECIAL_POST_TYPE.department)], {
  message: 'org.specialPostTypeInvalid',
});
export const specialPostQuery = z.object({
  type: z
    .string({ message: 'org.specialPostTypeInvalid' })
    .regex(/^[12]$/, { message: 'org.specialPostTypeInvalid' })
    .transform(Number)
    .default(SPECIAL_POST_TYPE.company),
});
export const specialPostSubmit = z.object({
  postList: z.array(id, { message: 'common.idsInvalid' }).max(500, { message: 'common.idsInvalid' }),
  F_Type: specialPostType,
});
export const specialPost = z.object({ id: z.number(), postCode: z.string(), postName: z.string() }).meta({ id: 'SpecialPost' });
export const specialPosts = z.object({ type: z.number(), postList: z.array(specialPost) }).meta({ id: 'SpecialPosts' });
/** A special post of one company or department, with the users holding it there. */
export const specialPostHolder = specialPost.extend({ users: z.array(orgUser) }).meta({ id: 'SpecialPostHolders' });
