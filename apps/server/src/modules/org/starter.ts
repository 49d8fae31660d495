import { ORG_ROOT, SPECIAL_POST_TYPE } from '@macro/contract/org';
import type { Ctx } from '@macro/store';
import { postOptions } from '../posts/service.ts';
import { hasCompanies, submitCompany } from './companies.ts';
import { submitDept } from './departments.ts';
import { saveSpecialPosts } from './specialPosts.ts';

const company = { shortName: '', manager: '', foundedDate: '', businessScope: '', phone: '', extension: '', fax: '', email: '', remark: '' };
const dept = { deptCode: '', fullName: '', manager: '', phone: '', remark: '' };

/**
 * A small demo organisation every tenant starts with, made through the same calls the screens
 * use: a group with a subsidiary, a few departments, and the special posts.
 */
export async function provisionDemoOrganisation(ctx: Ctx): Promise<void> {
  if (await hasCompanies(ctx.tx)) return;
  const group = await submitCompany(ctx, { ...company, parentId: ORG_ROOT, companyName: '示例集团', shortName: '示例', companyCode: 'DEMO', natureKey: '6', sort: 1, foundedDate: '2010-01-01' });
  const branch = await submitCompany(ctx, { ...company, parentId: group.id, companyName: '示例科技有限公司', companyCode: 'DEMO-TECH', natureKey: '2', sort: 1 });
  const office = await submitDept(ctx, { ...dept, companyId: group.id, parentId: ORG_ROOT, deptName: '总经办', deptType: '1', sort: 1 });
  await submitDept(ctx, { ...dept, companyId: group.id, parentId: ORG_ROOT, deptName: '财务部', deptType: '7', sort: 2 });
  await submitDept(ctx, { ...dept, companyId: group.id, parentId: office.id, deptName: '行政组', deptType: '3', sort: 1 });
  const rd = await submitDept(ctx, { ...dept, companyId: branch.id, parentId: ORG_ROOT, deptName: '研发部', deptType: '4', sort: 1 });
  await submitDept(ctx, { ...dept, companyId: branch.id, parentId: rd.id, deptName: '前端组', deptType: '4', sort: 1 });
  await submitDept(ctx, { ...dept, companyId: branch.id, parentId: ORG_ROOT, deptName: '销售部', deptType: '6', sort: 2 });
  const posts = await postOptions(ctx.tx);
  const byCode = (code: string) => posts.filter((p) => p.postCode === code).map((p) => p.id);
  await saveSpecialPosts(ctx, SPECIAL_POST_TYPE.company, byCode('ceo'));
  await saveSpecialPosts(ctx, SPECIAL_POST_TYPE.department, byCode('manager'));
}
