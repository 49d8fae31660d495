/** What other modules may use of posts: everything else in this folder is its own. */
export { existingPostIds, postOptions, postPairsSql, postsByIds } from './service.ts';
export { posts } from './tables.ts';
