import type { CompanyTreeNode, DeptNode } from '@macro/contract/org';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { useCompanyTree, useRemoveCompany } from './api';
import { CompanyDialog, type CompanyDialogState } from './CompanyDialog';
import { CompanyTree } from './CompanyTree';
import { DeptDialog, type DeptDialogState } from './DeptDialog';
import { DeptList } from './DeptList';
import { SpecialPostsDialog } from './SpecialPostsDialog';

/** Companies on the left, the chosen company's departments on the right. */
export function OrgPage() {
  const [selected, setSelected] = useState<CompanyTreeNode | null>(null);
  const [companyDialog, setCompanyDialog] = useState<CompanyDialogState | null>(null);
  const [deptDialog, setDeptDialog] = useState<{ state: DeptDialogState; depts: readonly DeptNode[] } | null>(null);
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const [dialogKey, setDialogKey] = useState(0);
  const [specialPosts, setSpecialPosts] = useState(false);
  const confirmRemove = useRemoveCompany();
  useCompanyTree();
  const company = selected ? { id: selected.id, name: selected.title } : null;

  const openCompany = (state: CompanyDialogState) => {
    setDialogKey((key) => key + 1);
    setCompanyDialog(state);
  };
  const openDept = (state: DeptDialogState, depts: readonly DeptNode[]) => {
    setDialogKey((key) => key + 1);
    setDeptDialog({ state, depts });
  };
  const removeCompany = (node: CompanyTreeNode) => confirmRemove([node], () => setSelected(null));

  return (
    <div data-testid="org-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7} xxl={6}>
          <CompanyTree
            selected={selected}
            onSelect={setSelected}
            onAdd={(parent) => openCompany({ mode: 'create', parentId: parent?.id })}
            onEdit={(node) => openCompany({ mode: 'edit', id: node.id })}
            onRemove={removeCompany}
            onSpecialPosts={() => setSpecialPosts(true)}
          />
        </Col>
        <Col xs={24} lg={16} xl={17} xxl={18}>
          <DeptList key={selected?.id ?? 'none'} company={company} onOpenDialog={openDept} />
        </Col>
      </Row>
      <CompanyDialog key={`company-${dialogKey}`} state={companyDialog} onClose={() => setCompanyDialog(null)} />
      <SpecialPostsDialog open={specialPosts} onClose={() => setSpecialPosts(false)} />
      {company && deptDialog ? (
        <DeptDialog key={`dept-${dialogKey}`} state={deptDialog.state} company={company} depts={deptDialog.depts} onClose={() => setDeptDialog(null)} />
      ) : null}
    </div>
  );
}
