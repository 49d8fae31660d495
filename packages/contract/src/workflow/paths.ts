/*
 * The console's pages of one task and one request: the console routes them, and the server
 * links to them from the messages it sends.
 */

/** My tasks: the lists of one's own work. */
export const TASKS_PATH = '/workflow/tasks';
/** The address of one task's page. */
export const taskPath = (taskId: number) => `${TASKS_PATH}/${taskId}`;
/** One request (a process instance), read-only, for those who take part in it. */
export const REQUESTS_PATH = '/workflow/requests';
/** The address of one request's page. */
export const requestPath = (instanceId: number) => `${REQUESTS_PATH}/${instanceId}`;
