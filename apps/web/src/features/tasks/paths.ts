/** My tasks: the lists of one's own work. */
export const TASKS_PATH = '/workflow/tasks';
/** One task on a page of its own. */
export const TASK_PATH = `${TASKS_PATH}/:taskId`;
/** The address of one task's page. */
export const taskLink = (taskId: number) => `${TASKS_PATH}/${taskId}`;
