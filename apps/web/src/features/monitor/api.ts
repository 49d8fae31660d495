import { WORKFLOW_MONITOR_ENDPOINTS as M } from '@macro/contract/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** The monitor's calls, made from the contract's endpoints. */

const LISTS = [M.unfinished, M.finished];

function useMonitorMutation<E extends typeof M.suspend | typeof M.resume | typeof M.assign>(endpoint: E) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, {
    onSuccess: () => {
      void client.invalidateQueries(queriesOf(LISTS));
      void client.invalidateQueries(queriesOf(M.getAssign));
    },
  });
}

export const useSuspend = () => useMonitorMutation(M.suspend);
export const useResume = () => useMonitorMutation(M.resume);
export const useAssign = () => useMonitorMutation(M.assign);
export const useOpenTasks = (instanceId: number | undefined) =>
  useEndpointQuery(M.getAssign, { query: { processInstanceId: instanceId ?? 0 } }, { enabled: instanceId !== undefined });

/** Any process's history, for the monitor. */
export const useInstanceHistory = (instanceId: number | undefined) =>
  useEndpointQuery(M.history, { query: { processInstanceId: instanceId ?? 0 } }, { enabled: instanceId !== undefined });
