import { STAMP_ENDPOINTS } from '@macro/contract/stamps';
import { WORKFLOW_TASK_ENDPOINTS as T, WORKFLOW_TASK_FORM_ENDPOINTS as TF } from '@macro/contract/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** The task centre's calls, made from the contract's endpoints. */

/** Every list a task action changes: they refetch once it is done. */
const LISTS = [T.todo, T.done, T.started, T.recycleBin, T.drafts, T.circulations];

function useTaskMutation<E extends (typeof T)[keyof typeof T]>(endpoint: E) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, { onSuccess: () => void client.invalidateQueries(queriesOf(LISTS)) });
}

export const useCreateProcess = () => useTaskMutation(T.createProcess);
export const useHandleTask = () => useTaskMutation(T.taskHandle);
export const useTransferTask = () => useTaskMutation(T.transfer);
export const useCarbonCopy = () => useTaskMutation(T.carbonCopy);
export const useAddSigners = () => useTaskMutation(T.addSigners);
export const useUsableStamps = (enabled: boolean) => useEndpointQuery(STAMP_ENDPOINTS.usable, {}, { enabled });
export const useWithdraw = () => useTaskMutation(T.withdraw);
export const useToRecycleBin = () => useTaskMutation(T.toRecycleBin);
export const useRestore = () => useTaskMutation(T.restore);
export const useDeleteDraft = () => useTaskMutation(T.deleteDraft);
export const useMarkRead = () => useTaskMutation(T.read);

export const useTaskDetail = (taskId: number | undefined) =>
  useEndpointQuery(T.processTask, { query: { taskId: taskId ?? 0 } }, { enabled: taskId !== undefined });
/** One request as a participant sees it: its record, start form and data, who holds it now. */
export const useProcessView = (instanceId: number | undefined) =>
  useEndpointQuery(T.viewProcess, { query: { processInstanceId: instanceId ?? 0 } }, { enabled: instanceId !== undefined });
export const useHistory = (instanceId: number | undefined) =>
  useEndpointQuery(T.history, { query: { processInstanceId: instanceId ?? 0 } }, { enabled: instanceId !== undefined });
export const useRejectTargets = (taskId: number | undefined) =>
  useEndpointQuery(T.rejectTargets, { query: { taskId: taskId ?? 0 } }, { enabled: taskId !== undefined });
export const useStartable = (enabled: boolean) => useEndpointQuery(T.allProcesses, { query: { size: 100 } }, { enabled });
/** The start node's form binding of a template (none until a template is chosen). */
export const useStartForm = (code: string | undefined) => useEndpointQuery(TF.createProcessForm, { query: { code: code ?? '' } }, { enabled: Boolean(code) });
