import { TENANT_ENDPOINTS as E, type TenantRecord } from '@macro/contract/tenants';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The tenant screen's calls, made from the contract's endpoints. */

const lists = [E.list];
const detail = { endpoint: E.detail, input: (id: number) => ({ params: { id: String(id) } }) };

export const useCreateTenant = () => useSaveRecord(E.create, { detail, lists });
export const useUpdateTenant = () => useSaveRecord(E.update, { detail, lists });

/** Enable or suspend; the answer replaces the row in the list at once. */
export const useTenantStatus = () => useSaveRecord(E.status, { detail, lists });

export function useRemoveTenant() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (tenant: TenantRecord) => tenant.tenantName,
    messages: { one: 'tenants:remove.one', many: 'tenants:remove.one' },
    lists,
    testId: 'tenant-remove-confirm',
  });
}
