import { POST_ENDPOINTS as E, type Post } from '@macro/contract/posts';
import { useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The post screen's calls, made from the contract's endpoints. */

const lists = [E.page, E.select];
const detailInput = (id: number) => ({ query: { id } });

export const usePostDetail = (id: number | undefined) => useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });

export const useSubmitPost = () => useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists });

export function useRemovePost() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (post: Post) => post.postName,
    messages: { one: 'posts:remove.one', many: 'posts:remove.many' },
    lists,
    testId: 'post-remove-confirm',
  });
}
