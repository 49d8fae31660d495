import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** A link button in a row's action column; shown only to users holding `permission`. */
export interface RowAction<Row> {
  key: string;
  label: string;
  permission?: string;
  danger?: boolean;
  /** Rows the action applies to (all by default): a button row offers no "add child". */
  show?: (row: Row) => boolean;
  onClick: (row: Row) => void;
}

/** Up to this many actions stand in the row; beyond it the first two stand and the rest go under "more". */
const INLINE = 3;
const STANDING = 2;

/** How a row's actions are laid out: those that stand in the row, and those under "more". */
export function splitActions<A>(actions: readonly A[], narrow: boolean): { standing: A[]; more: A[] } {
  // On a phone the column is pinned and narrow: one action stands, several go under one button.
  if (narrow) return actions.length <= 1 ? { standing: [...actions], more: [] } : { standing: [], more: [...actions] };
  if (actions.length <= INLINE) return { standing: [...actions], more: [] };
  return { standing: actions.slice(0, STANDING), more: actions.slice(STANDING) };
}

interface RowActionsProps<Row> {
  row: Row;
  /** The actions the user may use (already filtered by permission). */
  actions: readonly RowAction<Row>[];
  /** The row's name, for the "more" button's accessible name. */
  name: string;
  narrow: boolean;
}

/** A row's actions: at most two or three links, the rest in a "more" menu (Ant Design Pro's pattern). */
export function RowActions<Row>({ row, actions, name, narrow }: RowActionsProps<Row>) {
  const { t } = useTranslation('common');
  const applicable = actions.filter((action) => action.show?.(row) ?? true);
  const { standing, more } = splitActions(applicable, narrow);
  return (
    // A click on an action is not a click on the row (which would choose it).
    <Space size={0} className="crud-row-actions" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      {standing.map((action) => (
        <Button key={action.key} type="link" size="small" danger={action.danger} onClick={() => action.onClick(row)}>
          {action.label}
        </Button>
      ))}
      {more.length ? (
        <Dropdown
          trigger={['click']}
          autoFocus
          menu={{
            items: more.map((action) => ({ key: action.key, label: action.label, danger: action.danger })),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              more.find((action) => action.key === key)?.onClick(row);
            },
          }}
        >
          <Button type="link" size="small" aria-label={t('crud.moreFor', { name })} className="crud-row-more">
            {narrow ? (
              <EllipsisOutlined aria-hidden />
            ) : (
              <>
                {t('crud.more')} <DownOutlined aria-hidden />
              </>
            )}
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
