import { REQUESTS_PATH, requestPath, TASKS_PATH, taskPath } from '@macro/contract/workflow';

export { TASKS_PATH, REQUESTS_PATH };
/** One task on a page of its own. */
export const TASK_PATH = `${TASKS_PATH}/:taskId`;
/** The address of one task's page. */
export const taskLink = taskPath;
/** One request (a process instance), read-only, for those who take part in it. */
export const REQUEST_PATH = `${REQUESTS_PATH}/:instanceId`;
/** The address of one request's page. */
export const requestLink = requestPath;
