import type { OrgTreeNode } from '@macro/contract/org';
import type { Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { findOr404 } from '../../platform/crud.ts';
import { buildTree } from '../../platform/tree.ts';
import { postOptions } from '../posts/public.ts';
import { companyRows } from './companies.ts';
import { allDepts } from './departments.ts';
import { companies } from './tables.ts';

/**
 * Companies with their departments under them: departments hang under their parent, or their
 * company at the top. Only departments inside the caller's data scope (`deptScope`) appear.
 */
export async function companyDepartmentTree(tx: Tx, deptScope: SQL = sql`true`): Promise<OrgTreeNode[]> {
  const companyNodes = buildTree(
    await companyRows(tx),
    (c): OrgTreeNode => ({ key: `company-${c.id}`, id: c.id, kind: 'company', title: c.companyName, parentId: c.parentId, companyId: c.id, children: [] }),
    { id: (c) => c.id, parentId: (c) => c.parentId },
  );
  const byCompany = new Map<number, OrgTreeNode>();
  const index = (nodes: OrgTreeNode[]) => {
    for (const node of nodes) {
      byCompany.set(node.id, node);
      index(node.children);
    }
  };
  index(companyNodes);
  const depts = await allDepts(tx, deptScope);
  const deptForest = buildTree(
    depts,
    (d): OrgTreeNode => ({
      key: `department-${d.id}`,
      id: d.id,
      kind: 'department',
      title: d.deptName,
      parentId: d.parentId,
      companyId: d.companyId,
      children: [],
    }),
    { id: (d) => d.id, parentId: (d) => d.parentId },
  );
  // A company's departments come before its subsidiaries.
  for (const node of [...deptForest].reverse()) byCompany.get(node.companyId)?.children.unshift(node);
  return companyNodes;
}

/** The same tree with the users of each department as leaves; users carry no department yet, so none appear. */
export function companyDepartmentUserTree(tx: Tx, deptScope: SQL = sql`true`): Promise<OrgTreeNode[]> {
  return companyDepartmentTree(tx, deptScope);
}

/** One company with the tenant's posts under it. */
export async function companyPostTree(tx: Tx, companyId: number): Promise<OrgTreeNode[]> {
  const company = await findOr404(tx, companies, companyId, { message: 'org.companyNotFound' });
  const posts = await postOptions(tx);
  return [
    {
      key: `company-${company.id}`,
      id: company.id,
      kind: 'company',
      title: company.companyName,
      parentId: company.parentId,
      companyId: company.id,
      children: posts.map((p) => ({
        key: `post-${p.id}`,
        id: p.id,
        kind: 'post',
        title: p.postName,
        parentId: company.id,
        companyId: company.id,
        children: [],
      })),
    },
  ];
}
