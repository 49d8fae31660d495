/** Codes of the log screen, its buttons and the feedback list. */
export const LOG_PERMISSIONS = {
  view: 'log:view',
  clear: 'log:clear',
  delete: 'log:delete',
  feedback: 'log:feedback',
} as const;
