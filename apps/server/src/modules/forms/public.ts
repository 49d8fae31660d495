/** What other modules may use of forms: everything else in this folder is its own. */
export { annexesByIds, fileFieldsOf } from './annexes.ts';
export { checkedAgainstForm, fromFormText, resolveForm } from './service.ts';
