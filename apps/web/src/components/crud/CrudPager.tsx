import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { TOTAL_CAP } from '@macro/contract';
import { Button, Pagination, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudListState, lastNumberedPage } from './useCrudList';

/** Grouped digits in the console's language: 10,000 / 10,000 / 10,000. */
export function useFormatNumber() {
  const { i18n } = useTranslation();
  return (value: number) => new Intl.NumberFormat(i18n.language).format(value);
}

/**
 * Paging under a list. Exact totals read "共 N 条"; above TOTAL_CAP the server stops counting
 * and the pager reads "共 10,000+ 条", numbers the pages up to the cap, and goes on past it
 * by cursor with "next page" (keyset paging costs the same however deep).
 */
export function CrudPager<Row>({ list, testId }: { list: CrudListState<Row>; testId: string }) {
  const { t } = useTranslation('common');
  const format = useFormatNumber();
  const data = list.data;
  if (!list.enabled || !data) return null;
  const capped = !data.totalExact;
  const totalText = capped ? t('crud.totalCapped', { total: format(data.total) }) : t('total', { total: format(data.total) });
  const canGoDeeper = capped && data.nextCursor !== null;
  const atLastNumbered = list.current >= lastNumberedPage(list.size);

  if (list.deep) {
    return (
      <nav className="crud-pager" aria-label={t('crud.pager')} data-testid={`${testId}-pager`}>
        <span className="crud-pager-total">{totalText}</span>
        <Space>
          <Button icon={<LeftOutlined />} onClick={list.previous} data-testid={`${testId}-previous`}>
            {t('crud.previous')}
          </Button>
          <span aria-current="page">{t('crud.page', { page: format(list.current) })}</span>
          <Button onClick={list.next} disabled={!data.nextCursor} data-testid={`${testId}-next`}>
            {t('crud.next')} <RightOutlined />
          </Button>
        </Space>
      </nav>
    );
  }
  return (
    <nav className="crud-pager" aria-label={t('crud.pager')} data-testid={`${testId}-pager`}>
      <span className="crud-pager-total" data-testid={`${testId}-total`}>
        {totalText}
      </span>
      <Pagination size="small" current={list.current} pageSize={list.size} total={capped ? TOTAL_CAP : data.total} showSizeChanger onChange={list.goTo} />
      {canGoDeeper && atLastNumbered ? (
        <Button size="small" onClick={list.next} data-testid={`${testId}-next`}>
          {t('crud.next')} <RightOutlined />
        </Button>
      ) : null}
    </nav>
  );
}
