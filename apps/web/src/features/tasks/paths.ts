import { REQUESTS_PATH, requestPath, TASKS_PATH, taskPath } from '@macro/contract/workflow';
import { useLocation } from 'react-router';

export { TASKS_PATH, REQUESTS_PATH };
/** One task on a page of its own. */
export const TASK_PATH = `${TASKS_PATH}/:taskId`;
/** The address of one task's page. */
export const taskLink = taskPath;
/** One request (a process instance), read-only, for those who take part in it. */
export const REQUEST_PATH = `${REQUESTS_PATH}/:instanceId`;
/** The address of one request's page. */
export const requestLink = requestPath;

/**
 * The id a task's or a request's address ends with (`/workflow/tasks/12` → 12): digits only; how
 * many is the server's to judge (beyond an integer it says the id is invalid). Undefined for anything else.
 */
export function useIdFromPath(): number | undefined {
  const segment = useLocation().pathname.split('/')[3] ?? '';
  return /^\d{1,16}$/.test(segment) ? Number(segment) : undefined;
}
