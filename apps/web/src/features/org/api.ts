import type { Endpoint } from '@macro/contract';
import { COMPANY_ENDPOINTS as C, DEPT_ENDPOINTS as D, type Dept } from '@macro/contract/org';
import { useDictionary } from '../../api/dictionary';
import { useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The organisation screen's calls, made from the contract's endpoints. */

const companyLists: readonly Endpoint[] = [C.tree, C.departmentsTree];
const deptLists: readonly Endpoint[] = [C.companyDepartmentsTree, D.tree, C.departmentsTree];
const companyDetail = { endpoint: C.detail, input: (id: number) => ({ params: { companyId: String(id) } }) };
const deptDetail = { endpoint: D.detail, input: (id: number) => ({ params: { deptId: String(id) } }) };

export const useCompanyTree = () => useEndpointQuery(C.tree, {});
export const useCompany = (id: number | undefined) => useEndpointQuery(C.detail, { params: { companyId: String(id ?? 0) } }, { enabled: id !== undefined });
export const useDept = (id: number | undefined) => useEndpointQuery(D.detail, { params: { deptId: String(id ?? 0) } }, { enabled: id !== undefined });
export const useCompanyDeptTree = (companyId: number | undefined) =>
  useEndpointQuery(C.companyDepartmentsTree, { params: { companyId: String(companyId ?? 0) } }, { enabled: companyId !== undefined, meta: { silent: true } });

export const useCreateCompany = () => useSaveRecord(C.create, { detail: companyDetail, lists: companyLists });
export const useUpdateCompany = () => useSaveRecord(C.update, { detail: companyDetail, lists: companyLists });
export const useCreateDept = () => useSaveRecord(D.create, { detail: deptDetail, lists: deptLists });
export const useUpdateDept = () => useSaveRecord(D.update, { detail: deptDetail, lists: deptLists });

/** Options of a dictionary (CompanyNature, DepartmentNature) for a dropdown. */
export const useDictionaryOptions = (code: string) => useDictionary('system', code);

export function useRemoveCompany() {
  return useConfirmRemove({
    endpoint: C.remove,
    toInput: (ids) => ({ params: { companyId: String(ids[0]) } }),
    nameOf: (company: { id: number; title: string }) => company.title,
    // Spec §5: deleting asks "are you sure to delete this company".
    messages: { one: 'org:company.removeQuestion', many: 'org:company.removeQuestion' },
    lists: companyLists,
    testId: 'company-remove-confirm',
  });
}

export function useRemoveDepts() {
  return useConfirmRemove({
    endpoint: D.removeMany,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (dept: Dept) => dept.deptName,
    messages: { one: 'org:dept.removeOne', many: 'org:dept.removeMany' },
    lists: deptLists,
    testId: 'dept-remove-confirm',
  });
}
