import { POST_ENDPOINTS as E, POST_PERMISSIONS as P, type Post } from '@macro/contract/posts';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useRemovePost } from './api';
import { PostDialog, type PostDialogState } from './PostDialog';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

interface PostSearch extends Record<string, string | undefined> {
  postCode?: string;
  postName?: string;
}

export function PostPage() {
  const { t } = useTranslation('posts');
  const list = useCrudList<typeof E.page, PostSearch>(E.page);
  const confirmRemove = useRemovePost();
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<PostDialogState>();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const search: SearchField[] = [
    { name: 'postCode', label: t('field.postCode'), placeholder: t('search.codePlaceholder') },
    { name: 'postName', label: t('field.postName'), placeholder: t('search.namePlaceholder') },
  ];
  const columns: ColumnsType<Post> = [
    { dataIndex: 'postCode', title: t('field.postCode'), ellipsis: true },
    { dataIndex: 'postName', title: t('field.postName'), ellipsis: true },
    { dataIndex: 'sort', title: t('field.sort'), width: 96, align: 'right' },
  ];
  const rowActions: RowAction<Post>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="post-page">
      <CrudList<Post, PostSearch>
        testId="post"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.postName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={640}
      />
      <PostDialog key={dialogKey} state={dialog} onClose={closeDialog} />
    </div>
  );
}
