import { BADGE_MAX, INBOX_PAGE_SIZE, type InboxItem, NOTICE_ENDPOINTS as E, type UnreadCounts } from '@macro/contract/notices';
import { Badge, Button, Empty, List, Modal, Space, Spin, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { CATEGORIES, type Category, keyOf, useAfterRead } from './noticeInbox';

/*
 * What the bell opens (NoticePopover.tsx): the tabs of the inbox and the reader of one item,
 * loaded the first time they are opened.
 */

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

interface NoticePanelProps {
  open: boolean;
  tab: Category;
  setTab: (tab: Category) => void;
  counts: UnreadCounts | undefined;
  onOpen: (item: InboxItem) => void;
}

/** The inbox's tabs with their lists, and "mark all read" for the tab shown. */
export function NoticePanel({ open, tab, setTab, counts, onOpen }: NoticePanelProps) {
  const { t } = useTranslation('notices');
  const afterRead = useAfterRead();
  const readAll = useEndpointMutation(E.readAll, { onSuccess: afterRead });
  // The panel opens in a layer at the end of the page: the keyboard is taken to it (its active
  // tab), or Tab would walk on through the header instead.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) box.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [open]);
  return (
    <div className="notice-popover" data-testid="notice-popover" ref={box}>
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => setTab(Number(key) as Category)}
        centered
        items={CATEGORIES.map((category) => ({
          key: String(category),
          label: (
            <span data-testid={`notice-tab-${keyOf(category)}`}>
              {t(`tab.${category}`)}
              {counts?.[keyOf(category)] ? ` (${Math.min(counts[keyOf(category)], BADGE_MAX)}${counts[keyOf(category)] > BADGE_MAX ? '+' : ''})` : ''}
            </span>
          ),
          children: open && tab === category ? <InboxTab category={category} onOpen={onOpen} /> : null,
        }))}
      />
      <div className="notice-footer">
        <Button
          type="link"
          size="small"
          disabled={!counts?.[keyOf(tab)]}
          loading={readAll.isPending}
          onClick={() => readAll.mutate({ body: { category: tab } })}
          data-testid="notice-read-all"
        >
          {t('markAllRead')}
        </Button>
      </div>
    </div>
  );
}

/** One item, opened: who sent it, when, and its text. */
export function NoticeReader({ shown, setShown }: { shown: InboxItem | null; setShown: (item: InboxItem | null) => void }) {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  // A message about a task or a request opens its page.
  const follow = (link: string) => {
    setShown(null);
    navigate(link);
  };
  return (
    <Modal
      open={shown !== null}
      title={shown?.title}
      onCancel={() => setShown(null)}
      footer={
        shown?.link ? (
          <Space>
            <Button onClick={() => setShown(null)}>{t('close')}</Button>
            <Button type="primary" onClick={() => follow(shown.link)} data-testid="notice-follow">
              {t('follow')}
            </Button>
          </Space>
        ) : (
          <Button type="primary" onClick={() => setShown(null)}>
            {t('close')}
          </Button>
        )
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
  );
}
