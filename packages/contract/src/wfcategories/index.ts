import type { DictKind } from '../dict/schemas.ts';

/**
 * Workflow categories are the entries of one business dictionary (read a page of
 * 100 under a fixed parent). Screens read them with `GET /dict-biz/child-list?parentId=<that
 * dictionary's id>&current=1&size=100` (administrators) or `GET /dict-biz/dictionary?code=…`
 * (anyone signed in); templates store the entry's key.
 */
export const WORKFLOW_CATEGORY_DICT = { kind: 'biz', code: 'WorkflowCategory' } as const satisfies { kind: DictKind; code: string };
/** The one page the category list is fetched as. */
export const WORKFLOW_CATEGORY_PAGE = { current: 1, size: 100 } as const;
