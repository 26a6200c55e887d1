import { type MouseEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { type Notification, NOTIFICATION_TEXTS as T } from '../../../contracts/notifications.ts';
import { asApiError } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { listNotifications } from './api/list-notifications.ts';
import { markRead } from './api/mark-read.ts';
import { setUnread } from './unread.ts';

const Toolbar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2',
  marginBottom: '$3',
  color: '$gray700',
});
const List = styled('ol', {
  listStyle: 'none',
  padding: 0,
  margin: '0 0 $4',
  borderTop: '1px solid $gray200',
});
const Item = styled('a', {
  display: 'grid',
  gridTemplateColumns: '12px 1fr',
  gap: '$1 $2',
  padding: '$3 $2',
  borderBottom: '1px solid $gray200',
  color: '$gray900',
  textDecoration: 'none',
  '&:hover': { backgroundColor: '$gray100' },
  variants: { unread: { true: { backgroundColor: '$primaryPale' } } },
});
const Dot = styled('span', {
  width: '10px',
  height: '10px',
  marginTop: '7px',
  borderRadius: '$pill',
  variants: { unread: { true: { backgroundColor: '$primaryText' }, false: {} } },
});
const Title = styled('span', {
  display: 'block',
  variants: { unread: { true: { fontWeight: 700 }, false: { fontWeight: 400 } } },
});
const Body = styled('span', {
  display: 'block',
  fontSize: '$small',
  color: '$gray700',
  overflowWrap: 'anywhere',
});
const When = styled('span', { display: 'block', fontSize: '$tiny', color: '$muted', marginTop: '$1' });
const Hidden = styled('span', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

type Loaded = { items: Notification[]; next: number | null; unread: number };

/**
 * `/notifications` (issue 26 "In-app", product design section 8): the person's notifications, newest
 * first, 20 a page with 「さらに表示」; unread ones marked. Opening one marks it read and goes to its screen;
 * 「すべて既読にする」 marks them all. The bell follows at once (./unread.ts).
 */
export default function NotificationsPage() {
  const [, navigate] = useLocation();
  const [state, setState] = useState<Loaded | 'loading' | { error: string }>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    listNotifications(null, ctrl.signal).then(
      (page) => {
        setState({ items: page.data, next: page.next_before, unread: page.unread });
        setUnread(page.unread);
      },
      (error: unknown) => {
        if (!ctrl.signal.aborted) setState({ error: asApiError(error).message });
      },
    );
    return () => ctrl.abort();
  }, []);

  if (state === 'loading') {
    return (
      <PageFrame title={T.title} narrow>
        <PageLoading />
      </PageFrame>
    );
  }
  if ('error' in state) {
    return (
      <PageFrame title={T.title} narrow>
        <Notice tone="danger">{state.error}</Notice>
      </PageFrame>
    );
  }

  const more = async () => {
    if (state.next === null) return;
    setBusy(true);
    try {
      const page = await listNotifications(state.next);
      setState({ items: [...state.items, ...page.data], next: page.next_before, unread: page.unread });
    } finally {
      setBusy(false);
    }
  };
  const readAll = async () => {
    setBusy(true);
    try {
      const result = await markRead({ all: true });
      setState({ ...state, items: state.items.map((n) => ({ ...n, read: true })), unread: result.unread });
      setUnread(result.unread);
    } finally {
      setBusy(false);
    }
  };
  const open = async (event: MouseEvent<HTMLAnchorElement>, n: Notification) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!n.read) {
      try {
        const result = await markRead({ ids: [n.id] });
        setUnread(result.unread);
      } catch {
        // The screen opens all the same; the notification stays unread.
      }
    }
    navigate(n.path);
  };

  return (
    <PageFrame title={T.title} narrow lead="あなたへのお知らせを新しい順に表示します。開くと既読になります。">
      {state.items.length === 0 ? (
        <EmptyState title={T.empty}>
          投稿の審査結果やオファー、お振込みのお知らせがここに届きます。
        </EmptyState>
      ) : (
        <>
          <Toolbar>
            <span role="status">
              {state.unread > 0 ? `未読 ${state.unread}件` : '未読のお知らせはありません'}
            </span>
            <Button variant="outline" size="sm" onClick={readAll} disabled={busy || state.unread === 0}>
              {T.markAll}
            </Button>
          </Toolbar>
          <List aria-label={T.title}>
            {state.items.map((n) => (
              <li key={n.id}>
                <Item href={n.path} unread={!n.read} onClick={(e) => void open(e, n)} data-read={n.read}>
                  <Dot unread={!n.read} aria-hidden="true" />
                  <span>
                    <Title unread={!n.read}>
                      {!n.read && <Hidden>{T.unread}：</Hidden>}
                      {n.title}
                    </Title>
                    <Body>{n.body}</Body>
                    <When>
                      <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                    </When>
                  </span>
                </Item>
              </li>
            ))}
          </List>
          {state.next !== null && (
            <Button variant="outline" block onClick={() => void more()} disabled={busy}>
              {T.more}
            </Button>
          )}
        </>
      )}
    </PageFrame>
  );
}
