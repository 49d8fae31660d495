/** Codes of the notice administration screen (通知公告) and its buttons. */
export const NOTICE_PERMISSIONS = {
  view: 'notice:view',
  add: 'notice:add',
  edit: 'notice:edit',
  delete: 'notice:delete',
  /** Publish a draft to the tenant (or to its addressee). */
  publish: 'notice:publish',
} as const;
