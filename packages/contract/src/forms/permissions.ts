/** Codes of the form schemes screen and its buttons; list pages over a form (form relations) share them. */
export const FORM_PERMISSIONS = {
  view: 'form:view',
  add: 'form:add',
  edit: 'form:edit',
  delete: 'form:delete',
} as const;
