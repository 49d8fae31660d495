import { LANGUAGE_ENDPOINTS as E, type LgType, type LpMapEntry } from '@macro/contract/language';
import { useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The language-pack screen's calls, made from the contract's endpoints. */

const typeLists = [E.typePage, E.types];
const mapLists = [E.mapPage, E.marks];

export const useLanguageTypes = () => useEndpointQuery(E.types, {});
export const useCreateType = () => useSaveRecord(E.createType, { lists: typeLists });
export const useUpdateType = () => useSaveRecord(E.updateType, { lists: typeLists });
export const useSaveTranslation = () => useSaveRecord(E.save, { lists: mapLists });

export function useRemoveType() {
  return useConfirmRemove({
    endpoint: E.removeType,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (row: LgType) => row.name,
    messages: { one: 'language:removeType.one', many: 'language:removeType.one' },
    lists: [...typeLists, ...mapLists],
    testId: 'language-type-remove-confirm',
  });
}

export function useRemoveTranslation() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (row: LpMapEntry) => `${row.ns}:${row.key}`,
    messages: { one: 'language:removeMap.one', many: 'language:removeMap.one' },
    lists: mapLists,
    testId: 'language-map-remove-confirm',
  });
}
