import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { NOTIFICATION_TEXTS } from '../../../contracts/notifications.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { refreshUnread, resetUnread, subscribeUnread, unreadCount } from './unread.ts';

/** Every 30 s while the tab is visible (ADR 0176); unchanged answers are bodiless 304s. */
export const POLL_MS = 30_000;

const BellLink = styled(Link, {
  position: 'relative',
  width: '44px',
  height: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '$md',
  color: '$gray900',
  '&:hover': { backgroundColor: '$gray100' },
});

const Badge = styled('span', {
  position: 'absolute',
  top: '4px',
  right: '2px',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: '$pill',
  backgroundColor: '$primaryText',
  color: '$white',
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

/**
 * The bell of the header (issue 26 "In-app"): the unread count, updated without a reload (a poll every
 * 30 s while the tab is visible, at once when the tab comes back or the screen changes), linking to
 * /notifications. Lazy-loaded after the first paint; the header keeps its place.
 */
export default function Bell() {
  const count = useSyncExternalStore(subscribeUnread, unreadCount, () => null);
  const [location] = useLocation();

  useEffect(() => {
    void refreshUnread();
  }, [location]);

  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };
    const timer = window.setInterval(poll, POLL_MS);
    document.addEventListener('visibilitychange', poll);
    window.addEventListener('focus', poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
      window.removeEventListener('focus', poll);
      resetUnread();
    };
  }, []);

  const n = count ?? 0;
  return (
    <BellLink
      href="/notifications"
      aria-label={NOTIFICATION_TEXTS.bell(n)}
      data-testid="notification-bell"
      data-count={n}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6zm-2.5 15a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {n > 0 && <Badge aria-hidden="true">{n > 99 ? '99+' : n}</Badge>}
    </BellLink>
  );
}
