/** Codes of the consumer screen (consumerManage) and its buttons. */
export const CONSUMER_PERMISSIONS = {
  view: 'consumer:view',
  add: 'consumer:add',
  edit: 'consumer:edit',
  delete: 'consumer:delete',
  /** Enable or disable consumers. */
  status: 'consumer:status',
} as const;
