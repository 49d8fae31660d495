import { ORG_ROOT, SPECIAL_POST_TYPE } from '@macro/contract/org';
import type { Language } from '@macro/contract';
import type { Ctx } from '@macro/store';
import { postOptions } from '../posts/public.ts';
import { hasCompanies, submitCompany } from './companies.ts';
import { submitDept } from './departments.ts';
import { saveSpecialPosts } from './specialPosts.ts';

const company = { shortName: '', manager: '', foundedDate: '', businessScope: '', phone: '', extension: '', fax: '', email: '', remark: '' };
const dept = { deptCode: '', fullName: '', manager: '', phone: '', remark: '' };

/** The demo organisation's names in each language a tenant can be created in. */
const DEMO: Record<
  Language,
  { group: string; short: string; tech: string; office: string; finance: string; admin: string; rd: string; frontend: string; sales: string }
> = {
  zh: {
    group: '示例集团',
    short: '示例',
    tech: '示例科技有限公司',
    office: '总经办',
    finance: '财务部',
    admin: '行政组',
    rd: '研发部',
    frontend: '前端组',
    sales: '销售部',
  },
  en: {
    group: 'Example Group',
    short: 'Example',
    tech: 'Example Technology Co., Ltd.',
    office: 'General Office',
    finance: 'Finance',
    admin: 'Administration',
    rd: 'R&D',
    frontend: 'Front-end Team',
    sales: 'Sales',
  },
  ja: {
    group: 'サンプルグループ',
    short: 'サンプル',
    tech: 'サンプルテクノロジー株式会社',
    office: '社長室',
    finance: '経理部',
    admin: '総務課',
    rd: '研究開発部',
    frontend: 'フロントエンド課',
    sales: '営業部',
  },
};

/**
 * A small demo organisation every tenant starts with, made through the same calls the screens
 * use: a group with a subsidiary, a few departments, and the special posts; named in the
 * language the tenant was created in.
 */
export async function provisionDemoOrganisation(ctx: Ctx): Promise<void> {
  if (await hasCompanies(ctx.tx)) return;
  const n = DEMO[ctx.actor.language];
  const group = await submitCompany(ctx, {
    ...company,
    parentId: ORG_ROOT,
    companyName: n.group,
    shortName: n.short,
    companyCode: 'DEMO',
    natureKey: '6',
    sort: 1,
    foundedDate: '2010-01-01',
  });
  const branch = await submitCompany(ctx, { ...company, parentId: group.id, companyName: n.tech, companyCode: 'DEMO-TECH', natureKey: '2', sort: 1 });
  const office = await submitDept(ctx, { ...dept, companyId: group.id, parentId: ORG_ROOT, deptName: n.office, deptType: '1', sort: 1 });
  await submitDept(ctx, { ...dept, companyId: group.id, parentId: ORG_ROOT, deptName: n.finance, deptType: '7', sort: 2 });
  await submitDept(ctx, { ...dept, companyId: group.id, parentId: office.id, deptName: n.admin, deptType: '3', sort: 1 });
  const rd = await submitDept(ctx, { ...dept, companyId: branch.id, parentId: ORG_ROOT, deptName: n.rd, deptType: '4', sort: 1 });
  await submitDept(ctx, { ...dept, companyId: branch.id, parentId: rd.id, deptName: n.frontend, deptType: '4', sort: 1 });
  await submitDept(ctx, { ...dept, companyId: branch.id, parentId: ORG_ROOT, deptName: n.sales, deptType: '6', sort: 2 });
  const posts = await postOptions(ctx.tx);
  const byCode = (code: string) => posts.filter((p) => p.postCode === code).map((p) => p.id);
  await saveSpecialPosts(ctx, SPECIAL_POST_TYPE.company, byCode('ceo'));
  await saveSpecialPosts(ctx, SPECIAL_POST_TYPE.department, byCode('manager'));
}
