import {
  FORM_BINDING_ENDPOINTS as B,
  FORM_RELATION_ENDPOINTS as R,
  FORM_SCHEME_ENDPOINTS as E,
  type FormRelation,
  type FormScheme,
} from '@macro/contract/forms';
import { DATA_SOURCE_ENDPOINTS as DS } from '@macro/contract/datasources';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { cacheSavedRecord, useSaveRecord as useSaveListRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The form screen's calls, made from the contract's endpoints. */

const lists = [E.page, B.bindable];

/** Create and change: the list and the forms offered for binding refetch. */
function useSchemeSave<X extends typeof E.create | typeof E.update | typeof E.createCustomTable | typeof E.updateCustomTable>(endpoint: X) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, { onSuccess: () => void client.invalidateQueries(queriesOf(lists)) });
}
export const useCreateForm = () => useSchemeSave(E.create);
export const useUpdateForm = () => useSchemeSave(E.update);
export const useCreateTableForm = () => useSchemeSave(E.createCustomTable);
export const useUpdateTableForm = () => useSchemeSave(E.updateCustomTable);

/** Records filled in through a scheme (its own table for a custom-table scheme), newest first. */
export const useFormRecords = (id: number, current: number, size: number) =>
  useEndpointQuery(E.instances, { query: { F_FormId: String(id), current: String(current), size: String(size) } });

/** One record of a scheme, by its primary key (null when there is none; not asked without a key). */
export const useFormRecord = (id: number, key: string | undefined) =>
  useEndpointQuery(
    E.instances,
    { query: { F_FormId: String(id), primaryKey: key, current: '1', size: '1' } },
    { enabled: key !== undefined, select: (page) => page.records[0] ?? null },
  );

/** Add or change a record: the records list refetches. */
export function useSaveRecord() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries(queriesOf([E.instances]));
  const add = useEndpointMutation(E.createInstance, { onSuccess: refresh });
  const change = useEndpointMutation(E.updateInstance, { onSuccess: refresh });
  return {
    pending: add.isPending || change.isPending,
    save: (schemeId: number, key: string | undefined, data: Record<string, unknown>) =>
      key
        ? change.mutateAsync({ params: { id: String(schemeId), key }, body: { data } })
        : add.mutateAsync({ params: { id: String(schemeId) }, body: { data } }),
  };
}

export const useFormInfo = (id: number | undefined) => useEndpointQuery(E.formInfo, { params: { id: String(id ?? 0) } }, { enabled: id !== undefined });
export const useFormHistory = (id: number | undefined) => useEndpointQuery(E.history, { params: { id: String(id ?? 0) } }, { enabled: id !== undefined });
export const useFormVersion = (id: number | undefined, version: number | undefined) =>
  useEndpointQuery(
    E.bySchemeId,
    { params: { id: String(id ?? 0) }, query: { version: String(version ?? 1) } },
    { enabled: id !== undefined && version !== undefined },
  );

/** Enable, disable and make default: the changed scheme goes into the list at once; a new default clears the old one, so the list refetches. */
export function useFormSwitch(change: 'enable' | 'disable' | 'default') {
  const client = useQueryClient();
  const endpoint = change === 'default' ? E.setDefault : E.setEnable;
  return useEndpointMutation(endpoint, {
    toInput: (scheme: FormScheme) => ({ params: { id: String(scheme.id), v: change === 'disable' ? ('0' as const) : ('1' as const) } }),
    onSuccess: (saved) => {
      cacheSavedRecord(client, saved, { lists });
      if (change === 'default') void client.invalidateQueries(queriesOf(lists));
    },
  });
}

export function useRemoveForm() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (scheme: FormScheme) => scheme.name,
    messages: { one: 'forms:remove.one', many: 'forms:remove.one' },
    lists,
    testId: 'form-remove-confirm',
  });
}

/** The tenant's data sources a choice may take its options from (read once the designer chooses a data source). */
export const useOptionDataSources = (enabled: boolean) => useEndpointQuery(DS.all, {}, { enabled });

/** The columns of the data source `id`: which holds an option's value, which its label. */
export const useOptionDataSourceColumns = (id: number | undefined) =>
  useEndpointQuery(DS.fields, { params: { id: String(id ?? 0) } }, { enabled: id !== undefined, retry: false });

// ---------------------------------------------------------------- list pages over a form (form relations)

export const useCreateRelation = () => useSaveListRecord(R.create, { lists: [R.page] });
export const useUpdateRelation = () => useSaveListRecord(R.update, { lists: [R.page] });
export const useBindableForms = () => useEndpointQuery(B.bindable, { query: {} });

export function useRemoveRelation() {
  return useConfirmRemove({
    endpoint: R.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (relation: FormRelation) => relation.name,
    messages: { one: 'forms:relations.removeOne', many: 'forms:relations.removeOne' },
    lists: [R.page],
    testId: 'relation-remove-confirm',
  });
}
