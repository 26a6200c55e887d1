import { readUnreadCount } from './api/unread-count.ts';

/**
 * The unread count the bell shows (issue 26 "In-app", ADR 0176): one value for the tab, read by polling
 * with the last ETag, and set directly by /notifications when the person reads something, so the bell
 * follows at once.
 */
let count: number | null = null;
let etag: string | null = null;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export function subscribeUnread(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const unreadCount = (): number | null => count;

/** Asks the server (a 304 when nothing changed); concurrent asks share one request. */
export function refreshUnread(): Promise<void> {
  inFlight ??= readUnreadCount(etag)
    .then((answer) => {
      if (answer && (answer.count !== count || answer.etag !== etag)) {
        etag = answer.etag;
        count = answer.count;
        emit();
      }
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** What a mark-read call answered: shown at once; the next poll confirms it with a fresh ETag. */
export function setUnread(n: number): void {
  etag = null;
  if (n === count) return;
  count = n;
  emit();
}

/** Forgets the count (the person signed out): the next person's bell starts from their own. */
export function resetUnread(): void {
  count = null;
  etag = null;
}
