import type { CompanyTreeNode, DeptNode } from '@macro/contract/org';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { renderPage, serveApi } from '../../test/render';
import { OrgPage } from './OrgPage';

const company = (id: number, title: string, children: CompanyTreeNode[] = []): CompanyTreeNode => ({
  id,
  parentId: 0,
  title,
  key: id,
  value: id,
  code: `C${id}`,
  children,
});

const dept = (id: number, deptName: string, children: DeptNode[] = []): DeptNode => ({
  id,
  companyId: 1,
  companyName: '总公司',
  parentId: 0,
  parentName: '',
  deptName,
  deptCode: '',
  fullName: '',
  deptType: '4',
  deptTypeName: '研发部门',
  manager: '',
  phone: '',
  sort: 1,
  remark: '',
  hasChildren: children.length > 0,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  children,
});

describe('organisation screen', () => {
  beforeEach(() =>
    useSession.setState({ token: 't', permissions: ['company:view', 'company:add', 'company:edit', 'company:delete', 'dept:view', 'dept:add'] }),
  );
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("asks for a company before acting, then shows the chosen company's departments as a tree", async () => {
    const calls = serveApi((url) => {
      if (url.pathname === '/api/companies/tree') return { data: [company(1, '总公司', [company(2, '分公司')])] };
      if (url.pathname === '/api/companies/1/departments/tree') return { data: [dept(10, '研发部', [dept(11, '前端组')])] };
      return { data: [] };
    });
    await renderPage(<OrgPage />);
    const user = userEvent.setup();
    expect(await screen.findByText('分公司')).toBeInTheDocument();
    expect(screen.getByText('请先在左侧选择公司')).toBeInTheDocument();

    await user.click(screen.getByTestId('company-delete'));
    expect(await screen.findByText('请先选择一行再进行操作')).toBeInTheDocument();

    await user.click(screen.getByText('总公司'));
    expect(await screen.findByText('「总公司」的部门')).toBeInTheDocument();
    const table = screen.getByTestId('dept-table');
    expect(await within(table).findByText('研发部')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/companies/1/departments/tree')).toBe(true);

    await user.click(screen.getByTestId('company-delete'));
    expect(await screen.findByText('确定删除该公司吗？')).toBeInTheDocument();
  });

  it('filters the company tree by name or code', async () => {
    serveApi((url) =>
      url.pathname === '/api/companies/tree' ? { data: [company(1, '总公司', [company(2, '分公司')]), company(3, '别的集团')] } : { data: [] },
    );
    await renderPage(<OrgPage />);
    expect(await screen.findByText('别的集团')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByTestId('company-search').querySelector('input') ?? screen.getByRole('searchbox'), '分公');
    expect(await screen.findByText('分公司')).toBeInTheDocument();
    expect(screen.queryByText('别的集团')).not.toBeInTheDocument();
  });
});
