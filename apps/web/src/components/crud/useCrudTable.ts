import { PAGE_SIZE_DEFAULT } from '@macro/contract';
import type { TablePaginationConfig } from 'antd';
import type { Key } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The state every list screen keeps: its search, its page and its row selection, with the
 * antd props that bind them. A new search starts again on page 1.
 */
export function useCrudTable<Search extends object>() {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState<Search>({} as Search);
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);

  return {
    search,
    page,
    selectedKeys,
    /** Row number of the first row on this page, minus one. */
    offset: (page.current - 1) * page.size,
    onSearch(next: Search) {
      setSearch(next);
      setPage((p) => ({ ...p, current: 1 }));
    },
    /** Drops removed rows from the selection. */
    forget(ids: number[]) {
      setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key)));
    },
    rowSelection: { selectedRowKeys: selectedKeys, onChange: (keys: Key[]) => setSelectedKeys(keys as number[]) },
    pagination(total: number): TablePaginationConfig {
      return {
        current: page.current,
        pageSize: page.size,
        total,
        showSizeChanger: true,
        showTotal: (count) => t('total', { total: count }),
        onChange: (current, size) => setPage({ current, size }),
      };
    },
  };
}
