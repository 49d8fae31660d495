/** What other modules may use of dict: everything else in this folder is its own. */
export { dictionaryExists, dictionaryOptions, submitDict } from './service.ts';
