/** Codes of the interfaces screen and its buttons. */
export const INTERFACE_PERMISSIONS = {
  view: 'interface:view',
  add: 'interface:add',
  edit: 'interface:edit',
  delete: 'interface:delete',
  /** Enable or disable a custom interface. */
  publish: 'interface:publish',
} as const;
