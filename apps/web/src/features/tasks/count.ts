import { WORKFLOW_TASK_ENDPOINTS as T } from '@macro/contract/workflow';
import { useEndpointQuery } from '../../api/endpoint';

/** How often the to-do count asks again while the console is open (as the bell does). */
const POLL_MS = 60_000;

/**
 * The user's open tasks, for the badge on 我的任务 (asked only where that menu item is shown, so
 * only for users who hold it): one row asked for, the total read. Refetched with the to-do list
 * whenever a task action changes it (api.ts invalidates every to-do query).
 */
export function useTodoCount(): number {
  const todo = useEndpointQuery(T.todo, { query: { current: 1, size: 1 } }, { refetchInterval: POLL_MS, refetchOnWindowFocus: true, retry: false });
  return todo.data?.total ?? 0;
}
