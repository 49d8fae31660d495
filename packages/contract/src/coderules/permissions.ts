/** Codes of the code rules screen and its buttons. */
export const CODE_RULE_PERMISSIONS = {
  view: 'codeRule:view',
  add: 'codeRule:add',
  edit: 'codeRule:edit',
  delete: 'codeRule:delete',
  gen: 'codeRule:gen',
} as const;
