import { useEffect, useState } from 'react';

/**
 * Work that waits until after the first paint (ADR 0038): the toaster, the side menu, the footer and
 * Sentry load when the page has loaded and the main thread is idle, not before the first screen shows.
 */
let painted: Promise<void> | null = null;
let screenShown: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
  screenShown = resolve;
});

/** Issue 29 (ADR 0199): the first screen's reads still on their way, and whether its screen is mounted. */
let firstReads = 0;
let firstScreenMounted = false;
let firstScreenDone = false;

function showIfRead(): void {
  if (!firstScreenMounted || firstReads > 0 || firstScreenDone) return;
  firstScreenDone = true;
  screenShown();
}

/**
 * The shell calls this once the first screen is mounted. Until its content is on the page nothing
 * deferred is fetched: the load event comes before the lazy screen's chunk, and a burst of deferred
 * requests would hold that chunk back. Issue 29 (ADR 0199): the content is there once the reads the screen
 * started (its list, its balance) are in, not when it mounts with its loading state: the deferred chunks
 * (menu, footer, bell) and calls otherwise compete with the screen's own data on a phone's connection.
 */
export function markFirstScreenShown(): void {
  firstScreenMounted = true;
  showIfRead();
}

/**
 * A read (a GET) starting: the first screen's content waits for it, if the first screen is not shown yet.
 * Returns its release, to call once it has settled (more than once is harmless).
 */
export function holdFirstScreen(): () => void {
  if (firstScreenDone) return () => {};
  firstReads++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    firstReads--;
    showIfRead();
  };
}

/** The page's load event (at once when it has passed). */
let loaded: Promise<void> | null = null;
function pageLoaded(): Promise<void> {
  loaded ??= new Promise<void>((done) => {
    if (document.readyState === 'complete') done();
    else window.addEventListener('load', () => done(), { once: true });
  });
  return loaded;
}

let deadlineSet = false;
/**
 * Settles once the first screen's content is on the page, or 5 s after the load event at the latest (a
 * screen that never shows its content: an error view, a redirect, holds nothing back for long).
 */
export function firstScreenShown(): Promise<void> {
  if (typeof window !== 'undefined' && !deadlineSet) {
    deadlineSet = true;
    void pageLoaded().then(() => setTimeout(screenShown, 5000));
  }
  return firstScreen;
}

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 1);
    void Promise.all([pageLoaded(), firstScreenShown()]).then(idle);
  });
  return painted;
}

/** True once the first paint is done (or at once when `now` is true, e.g. a menu the user opened). */
export function useAfterFirstPaint(now = false): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, []);
  return done || now;
}
