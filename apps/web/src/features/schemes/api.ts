import { DATA_SOURCE_ENDPOINTS as DS } from '@macro/contract/datasources';
import {
  type Scheme,
  WORKFLOW_RELATION_ENDPOINTS as R,
  WORKFLOW_SCHEME_ENDPOINTS as S,
  WORKFLOW_SCHEME_RELATION_ENDPOINTS as SR,
  WORKFLOW_TASK_ENDPOINTS as T,
} from '@macro/contract/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** The template screen's calls, made from the contract's endpoints. */

/** Lists a template change shows in: this screen's and the task centre's "start" choice. */
const LISTS = [S.page, S.info, S.history, T.allProcesses];

function useSchemeMutation<E extends typeof S.newModel | typeof S.update | typeof S.enable | typeof S.disable | typeof S.remove>(endpoint: E) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, { onSuccess: () => void client.invalidateQueries(queriesOf(LISTS)) });
}

export const useCreateScheme = () => useSchemeMutation(S.newModel);
export const useUpdateScheme = () => useSchemeMutation(S.update);
export const useEnableScheme = () => useSchemeMutation(S.enable);
export const useDisableScheme = () => useSchemeMutation(S.disable);
const useRemoveSchemeCall = () => useSchemeMutation(S.remove);

/** A template with its latest BPMN XML (for editing and export). */
export const useSchemeInfo = (id: number | undefined) => useEndpointQuery(S.info, { query: { modelId: id ?? 0 } }, { enabled: id !== undefined });

/** Asks, then deletes a template. */
export function useConfirmRemoveScheme() {
  const { t } = useTranslation('schemes');
  const { modal, message } = App.useApp();
  const remove = useRemoveSchemeCall();
  return (scheme: Scheme) =>
    modal.confirm({
      title: t('common:crud.removeTitle'),
      content: t('remove.one', { name: scheme.name }),
      okText: t('common:delete'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'scheme-remove-confirm' },
      onOk: () =>
        remove
          .mutateAsync({ body: { id: scheme.id } })
          .then(() => message.success(t('common:deleted')))
          .catch(() => undefined),
    });
}

/** The versions of a template and its running processes, for a version change. */
export const useSchemeVersions = (id: number | undefined) => useEndpointQuery(S.history, { query: { id: id ?? 0 } }, { enabled: id !== undefined });
export const useRunningOf = (id: number | undefined) =>
  useEndpointQuery(SR.relationTask, { query: { modelId: id ?? 0, size: 100 } }, { enabled: id !== undefined });
export const useTestVersionChange = () => useEndpointMutation(S.changeVersionTest);
/** Applying a version change moves running processes: the monitor's and the template's lists refetch. */
export function useChangeVersion() {
  const client = useQueryClient();
  return useEndpointMutation(S.changeVersion, { onSuccess: () => void client.invalidateQueries(queriesOf([SR.relationTask, S.page])) });
}

/** Who may start the template `id`: its relation (if it has one) and the users that authorises. */
export function useSchemeAuthority(id: number) {
  const start = useEndpointQuery(R.formInfo, { query: { nwfSchemeInfoId: id } });
  const relationId = start.data?.relationId ?? null;
  const relation = useEndpointQuery(R.info, { params: { id: String(relationId) } }, { enabled: relationId !== null });
  const users = useEndpointQuery(R.authUsers, { params: { nwfSchemeInfoId: String(id) } });
  const loading = start.isLoading || (relationId !== null && relation.isLoading);
  return { relation: relationId === null ? null : (relation.data ?? null), users, loading, failed: start.isError || relation.isError };
}

/** Saves a template's authority: a new relation for it, or its relation changed; the launch list follows. */
export function useSaveAuthority() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries(queriesOf([R.formInfo, R.info, R.authUsers, R.page, T.allProcesses]));
  const create = useEndpointMutation(R.create, { onSuccess: refresh });
  const update = useEndpointMutation(R.update, { onSuccess: refresh });
  return { create, update };
}

/** The tenant's data sources an SQL approver rule may name (read once the designer chooses a data source). */
export const useApproverDataSources = (enabled: boolean) => useEndpointQuery(DS.all, {}, { enabled });

/** The columns of the data source `id`: which one holds the approvers' user ids. */
export const useApproverDataSourceColumns = (id: number | undefined) =>
  useEndpointQuery(DS.fields, { params: { id: String(id ?? 0) } }, { enabled: id !== undefined, retry: false });
