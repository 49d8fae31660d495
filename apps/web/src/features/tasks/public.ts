/** What other features may use of the task centre: the paths and links of its pages. */
export { REQUEST_PATH, requestLink, TASK_PATH, TASKS_PATH, taskLink } from './paths';
