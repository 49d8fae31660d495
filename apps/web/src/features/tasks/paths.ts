/** My tasks: the lists of one's own work. */
export const TASKS_PATH = '/workflow/tasks';
/** One task on a page of its own. */
export const TASK_PATH = `${TASKS_PATH}/:taskId`;
/** The address of one task's page. */
export const taskLink = (taskId: number) => `${TASKS_PATH}/${taskId}`;
/** One request (a process instance), read-only, for those who take part in it. */
export const REQUESTS_PATH = '/workflow/requests';
export const REQUEST_PATH = `${REQUESTS_PATH}/:instanceId`;
/** The address of one request's page. */
export const requestLink = (instanceId: number) => `${REQUESTS_PATH}/${instanceId}`;
