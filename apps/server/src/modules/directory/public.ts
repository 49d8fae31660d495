/** What other modules may use of directory: everything else in this folder is its own. */
export { linkedMembers, workNotifier, type WorkNotifier } from './index.ts';
