import { DATABASE_LINK_ENDPOINTS } from '@macro/contract/databaselinks';
import { DATA_SOURCE_ENDPOINTS as E, type DataSource } from '@macro/contract/datasources';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The data sources screen's calls, made from the contract's endpoints. */

const lists = [E.page, E.all];
const detailInput = (id: number) => ({ params: { id: String(id) } });

export const useDataSourceDetail = (id: number | undefined) => useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });

export const useSubmitDataSource = () => useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists });

export const usePreviewDataSource = () => useEndpointMutation(E.preview);

/** The links a data source can run on (the first 500, by sort), for the dialog's choice. */
export const useLinkChoices = () => useEndpointQuery(DATABASE_LINK_ENDPOINTS.list, { query: { current: '1', size: '500' } });

export function useRemoveDataSources() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (record: DataSource) => record.name,
    messages: { one: 'datasources:remove.one', many: 'datasources:remove.many' },
    lists,
    testId: 'data-source-remove-confirm',
  });
}
