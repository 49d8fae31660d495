import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX, INBOX_PAGE_SIZE, type InboxItem, NOTICE_CATEGORY_KEYS, NOTICE_ENDPOINTS as E, type UnreadCounts } from '@macro/contract/notices';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Modal, Popover, Spin, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, endpointKey, queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** How often the badge asks again while the console is open. */
const POLL_MS = 60_000;
const CATEGORIES = [1, 2, 3] as const;
type Category = (typeof CATEGORIES)[number];
const keyOf = (category: Category) => NOTICE_CATEGORY_KEYS[category - 1];

/** Puts fresh unread counts in the cache and reloads the tabs' lists (their read marks changed). */
function useAfterRead() {
  const client = useQueryClient();
  return (counts: UnreadCounts) => {
    client.setQueryData(endpointKey(E.unread, {}), counts);
    void client.invalidateQueries(queriesOf(E.inbox));
  };
}

function InboxTab({ category, onOpen }: { category: Category; onOpen: (item: InboxItem) => void }) {
  const { t } = useTranslation('notices');
  const inbox = useEndpointQuery(E.inbox, { query: { category, size: INBOX_PAGE_SIZE } });
  const afterRead = useAfterRead();
  const markRead = useEndpointMutation(E.read, { toInput: (id: number) => ({ params: { id: String(id) } }), onSuccess: afterRead });
  if (inbox.isPending) return <Spin className="notice-spin" />;
  if (inbox.isError) return <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>;
  if (!inbox.data.records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  return (
    <List<InboxItem>
      className="notice-list"
      dataSource={inbox.data.records}
      renderItem={(item) => (
        <List.Item
          className={item.read ? 'notice-item' : 'notice-item notice-item-unread'}
          data-testid={`notice-item-${item.id}`}
          actions={
            item.read
              ? []
              : [
                  <Button key="read" type="link" size="small" onClick={() => markRead.mutate(item.id)} data-testid={`notice-read-${item.id}`}>
                    {t('markRead')}
                  </Button>,
                ]
          }
        >
          <button type="button" className="notice-open" onClick={() => onOpen(item)} data-testid={`notice-open-${item.id}`}>
            <span className="notice-title">
              {item.read ? null : <Badge status="processing" aria-label={t('unread')} />}
              {item.title}
            </span>
            <span className="notice-meta">
              {dayjs(item.publishTime).format('YYYY-MM-DD HH:mm')} · {item.senderName || t('system')}
            </span>
          </button>
        </List.Item>
      )}
    />
  );
}

/**
 * The top bar's bell (spec 000 §2): unread notices, messages and mail of the signed-in user,
 * tabs of each, mark one or all read; an item opens in a dialog and counts as read.
 */
export function NoticePopover() {
  const { t } = useTranslation('notices');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Category>(1);
  const [shown, setShown] = useState<InboxItem | null>(null);
  const counts = useEndpointQuery(E.unread, {}, { refetchInterval: POLL_MS, refetchOnWindowFocus: true });
  const afterRead = useAfterRead();
  const readAll = useEndpointMutation(E.readAll, { onSuccess: afterRead });
  const total = counts.data?.total ?? 0;

  const openItem = (item: InboxItem) => {
    setOpen(false);
    setShown(item);
    // Opening marks it read; the dialog shows what the list already holds meanwhile.
    void callEndpoint(E.open, { params: { id: String(item.id) } }).then((opened) => {
      setShown(opened);
      if (!item.read) void callEndpoint(E.unread, {}).then(afterRead);
    });
  };

  const content = (
    <div className="notice-popover" data-testid="notice-popover">
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => setTab(Number(key) as Category)}
        centered
        items={CATEGORIES.map((category) => ({
          key: String(category),
          label: (
            <span data-testid={`notice-tab-${keyOf(category)}`}>
              {t(`tab.${category}`)}
              {counts.data?.[keyOf(category)] ? ` (${Math.min(counts.data[keyOf(category)], BADGE_MAX)}${counts.data[keyOf(category)] > BADGE_MAX ? '+' : ''})` : ''}
            </span>
          ),
          children: open && tab === category ? <InboxTab category={category} onOpen={openItem} /> : null,
        }))}
      />
      <div className="notice-footer">
        <Button
          type="link"
          size="small"
          disabled={!counts.data?.[keyOf(tab)]}
          loading={readAll.isPending}
          onClick={() => readAll.mutate({ body: { category: tab } })}
          data-testid="notice-read-all"
        >
          {t('markAllRead')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover content={content} title={t('popoverTitle')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" destroyOnHidden>
        <Button type="text" aria-label={t('bell', { count: total })} data-testid="notice-bell" className="notice-bell">
          <Badge count={total} overflowCount={BADGE_MAX} size="small" data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        </Button>
      </Popover>
      <Modal
        open={shown !== null}
        title={shown?.title}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            {t('close')}
          </Button>
        }
        className="notice-reader"
      >
        {shown ? (
          <>
            <Typography.Paragraph type="secondary">
              {t(`tab.${shown.category}`)} · {dayjs(shown.publishTime).format('YYYY-MM-DD HH:mm')} · {t('from', { name: shown.senderName || t('system') })}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-dialog-content">
              {shown.content}
            </Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </>
  );
}
