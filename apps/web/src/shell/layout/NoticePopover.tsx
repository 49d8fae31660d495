import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX, type InboxItem, NOTICE_ENDPOINTS as E } from '@macro/contract/notices';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, useEndpointQuery } from '../../api/endpoint';
import { tabOutOfPanel } from '../../components/focus';
import { type Category, useAfterRead } from './noticeInbox';

// The inbox and the reader load the first time the bell is opened.
const NoticePanel = lazy(() => import('./NoticePanel').then((m) => ({ default: m.NoticePanel })));
const NoticeReader = lazy(() => import('./NoticePanel').then((m) => ({ default: m.NoticeReader })));

/** How often the badge asks again while the console is open. */
const POLL_MS = 60_000;

/**
 * The top bar's bell: unread notices, messages and mail of the signed-in user,
 * tabs of each, mark one or all read; an item opens in a dialog and counts as read.
 */
export function NoticePopover() {
  const { t } = useTranslation('notices');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Category>(1);
  const [shown, setShown] = useState<InboxItem | null>(null);
  const [readerMounted, setReaderMounted] = useState(false);
  const counts = useEndpointQuery(E.unread, {}, { refetchInterval: POLL_MS, refetchOnWindowFocus: true });
  const afterRead = useAfterRead();
  const total = counts.data?.total ?? 0;
  const bell = useRef<HTMLButtonElement>(null);

  const openItem = (item: InboxItem) => {
    setOpen(false);
    setReaderMounted(true);
    setShown(item);
    // Opening marks it read; the dialog shows what the list already holds meanwhile.
    void callEndpoint(E.open, { params: { id: String(item.id) } }).then((opened) => {
      setShown(opened);
      if (!item.read) void callEndpoint(E.unread, {}).then(afterRead);
    });
  };

  // Escape closes the panel and gives the keyboard back to the bell; Tab leaves it as if it stood right after the bell.
  const content = (
    // biome-ignore lint/a11y/noStaticElementInteractions: a key handler for the panel as a whole; its controls are its own
    <div
      onKeyDown={(event) => {
        if (tabOutOfPanel(event, event.currentTarget, bell.current, () => setOpen(false))) return;
        if (event.key !== 'Escape') return;
        setOpen(false);
        bell.current?.focus();
      }}
    >
      <Suspense fallback={<Spin className="notice-spin" />}>
        <NoticePanel open={open} tab={tab} setTab={setTab} counts={counts.data} onOpen={openItem} />
      </Suspense>
    </div>
  );

  return (
    <>
      <Popover content={content} title={t('popoverTitle')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" destroyOnHidden>
        <Button ref={bell} type="text" aria-label={t('bell', { count: total })} data-testid="notice-bell" className="notice-bell">
          <Badge count={total} overflowCount={BADGE_MAX} size="small" data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        </Button>
      </Popover>
      {readerMounted ? (
        <Suspense fallback={null}>
          <NoticeReader shown={shown} setShown={setShown} />
        </Suspense>
      ) : null}
    </>
  );
}
