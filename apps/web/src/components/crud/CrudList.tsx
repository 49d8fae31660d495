import { Card, Grid, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type HTMLAttributes, type KeyboardEvent, type ReactNode, useContext, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Reacquire } from '../Reacquire';
import { type RowAction, RowActions } from './RowActions';
import { useScrollRegions } from '../useScrollRegions';
import { CrudPager } from './CrudPager';
import { usePermissionCheck } from '../../session/store';
import { CrudToolbar, type ToolbarAction, type ToolbarButton } from './CrudToolbar';
import { type SearchField, SearchForm } from './SearchForm';
import { flattenTree, type TreeRow, toTreeRows } from './treeRows';
import type { CrudListState, ListSearch } from './useCrudList';
import './crud.css';

export type { RowAction } from './RowActions';

export interface BaseRow {
  id: number;
  children?: readonly BaseRow[];
}

export interface CrudListProps<Row extends BaseRow, S extends ListSearch> {
  /** Prefix of every test id and form name of the list (`${testId}-table`, `${testId}-search`, …). */
  testId: string;
  title: ReactNode;
  list: CrudListState<Row, S>;
  /** The search form's fields; none, no form. */
  search?: readonly SearchField[];
  /** The domain's own columns; the kit adds the index and action columns. */
  columns: ColumnsType<TreeRow<Row>>;
  /** Names a row for screen readers ("select row …"). */
  rowLabel: (row: Row) => string;
  add?: ToolbarButton;
  batchDelete?: ToolbarButton;
  toolbar?: readonly ToolbarAction[];
  rowActions?: readonly RowAction<Row>[];
  /**
   * Rows the user chooses (a master list): each row is a tab stop, chosen by click, Enter or
   * Space, and the chosen one is marked for screen readers (aria-current) and the eye.
   */
  activeRow?: { key: number | null | undefined; onActivate: (row: Row) => void };
  /** Rows carry `children`: shown as a tree, numbered at the top level only. */
  tree?: boolean;
  /** Shown instead of "no data" while the list is not enabled. */
  idleText?: ReactNode;
  /** Disables the toolbar (e.g. no parent chosen yet). */
  toolbarDisabled?: boolean;
  scrollX?: number;
  /** False for a list that comes whole (a tree from `useTreeList`): its count, no pager. */
  paged?: boolean;
  /** Which tree rows are open, for a tree that loads its levels as they open (menus). */
  expandable?: TableProps<TreeRow<Row>>['expandable'];
}

/** The pinned action column on a phone: one short action or the "more" button. */
const NARROW_ACTION_WIDTH = 84;
/** The least width of a column that sets none (a name, a path). */
const MIN_COLUMN_WIDTH = 120;

/**
 * antd copies column titles into a hidden measuring row when the table scrolls sideways; the
 * copy of the "select all" checkbox must not be a tab stop nor be read out.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const inMeasureRow = useContext(TableMeasureRowContext);
  return inMeasureRow ? <span inert>{children}</span> : children;
}

/** A list screen's panel: search form, permission-aware toolbar, table with index, selection, paging and row actions. */
export function CrudList<Row extends BaseRow, S extends ListSearch = ListSearch>(props: CrudListProps<Row, S>) {
  const { testId, title, list, search, columns, rowLabel, rowActions = [], activeRow, tree = false } = props;
  const { t } = useTranslation('common');
  const permitted = usePermissionCheck();
  // On a phone the action column is pinned and holds one button (see RowActions).
  const narrow = Grid.useBreakpoint().md === false;
  const failed = list.result.isError;

  const rows = useMemo<TreeRow<Row>[]>(() => (failed ? [] : tree ? toTreeRows(list.records) : (list.records as TreeRow<Row>[])), [list.records, tree, failed]);
  // Top-level position of each row: nested rows of a tree get no number.
  const positions = useMemo(() => new Map(rows.map((row, i) => [row.id, i])), [rows]);
  const label = (row: TreeRow<Row>) => rowLabel(row as Row);

  const actions = rowActions.filter((action) => permitted(action.permission));
  const tableColumns: ColumnsType<TreeRow<Row>> = [
    {
      key: 'index',
      title: t('crud.index'),
      width: tree ? 80 : 64,
      render: (_, row) => {
        const position = positions.get(row.id);
        return position === undefined ? null : list.offset + position + 1;
      },
    },
    // A column without a width of its own keeps a minimum, so names stay readable on a phone.
    ...columns.map((column) => (column.width ? column : { minWidth: MIN_COLUMN_WIDTH, ...column })),
    ...(actions.length
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            // On a phone the pinned column holds one button: narrow, so the row's name stays in view.
            width: narrow ? NARROW_ACTION_WIDTH : undefined,
            render: (_: unknown, row: TreeRow<Row>) => <RowActions row={row as Row} actions={actions} name={label(row)} narrow={narrow} />,
          },
        ]
      : []),
  ];

  const rowProps = (row: TreeRow<Row>): HTMLAttributes<HTMLElement> => {
    if (!activeRow) return {};
    const choose = () => activeRow.onActivate(row as Row);
    return {
      tabIndex: 0,
      'aria-current': row.id === activeRow.key ? 'true' : undefined,
      onClick: choose,
      onKeyDown: (event: KeyboardEvent) => {
        // Keys pressed on the row's checkbox or buttons are theirs.
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          choose();
        }
      },
    };
  };

  const failure = list.result.error;
  // On a phone the table scrolls sideways: its box is then a tab stop the arrow keys scroll.
  const tableBox = useRef<HTMLDivElement>(null);
  useScrollRegions(tableBox, t('crud.scrollRegion', { title: typeof title === 'string' ? title : '' }).trim());
  return (
    <Card title={title} className="crud-card" data-testid={`${testId}-panel`}>
      {search?.length ? <SearchForm<S> testId={`${testId}-search`} fields={search} onSearch={list.onSearch} /> : null}
      <CrudToolbar testId={testId} add={props.add} batchDelete={props.batchDelete} extra={props.toolbar} disabled={props.toolbarDisabled} />
      <div ref={tableBox}>
        <Table<TreeRow<Row>>
          rowKey="id"
          size="middle"
          bordered
          loading={list.result.isFetching}
          columns={tableColumns}
          dataSource={list.enabled ? rows : []}
          scroll={{ x: props.scrollX ?? 'max-content' }}
          pagination={false}
          locale={
            failed && failure
              ? { emptyText: <Reacquire className="crud-failure" message={failure.message} onRetry={() => void list.result.refetch()} testId={testId} /> }
              : !list.enabled && props.idleText
                ? { emptyText: <span className="crud-idle">{props.idleText}</span> }
                : undefined
          }
          rowSelection={{
            selectedRowKeys: list.selectedKeys,
            onChange: list.select,
            columnTitle: (checkbox) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow>,
            getTitleCheckboxProps: () => ({ 'aria-label': t('crud.selectAll') }),
            getCheckboxProps: (row) => ({ 'aria-label': t('crud.selectRow', { name: label(row) }) }),
          }}
          rowClassName={(row) => (activeRow ? (row.id === activeRow.key ? 'crud-row-choosable crud-row-active' : 'crud-row-choosable') : '')}
          onRow={rowProps}
          expandable={props.expandable}
          data-testid={`${testId}-table`}
        />
      </div>
      {failed ? null : props.paged === false ? (
        list.data ? (
          <div className="crud-pager" data-testid={`${testId}-pager`}>
            <span className="crud-pager-total" data-testid={`${testId}-total`}>
              {t('total', { total: list.data.total })}
            </span>
          </div>
        ) : null
      ) : (
        <CrudPager list={list} testId={testId} />
      )}
    </Card>
  );
}

/** The rows of a list (a tree's at every depth) whose keys are selected. */
export function selectedRows<Row extends BaseRow>(list: CrudListState<Row>, tree = false): Row[] {
  const rows = tree ? flattenTree(list.records) : list.records;
  return rows.filter((row) => list.selectedKeys.includes(row.id));
}
