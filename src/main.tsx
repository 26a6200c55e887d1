import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PRERENDERED_ATTRIBUTE, SESSION_FRAME_ID } from '../contracts/values.ts';
import { App, preloadAppRoutes } from './app/App.tsx';
import { preloadScreen } from './app/routes/screens.ts';
import { publicConfigOnce } from './platform/request/hooks.ts';
import { findRootElement } from './mount.ts';
import { matchRoute } from './app/routes/table.ts';
import { globalStyles } from './platform/styles/stitches.config.ts';
import { errorReporter } from './platform/session/actors.ts';
import { replayEarlyInput } from './platform/lib/earlyInput.ts';

// Seed spec section 2: without the root element start-up fails, before anything else runs.
const root = findRootElement();
globalStyles();
// The current screen's chunk and the router's start loading together, not one after the other. Issue 29:
// the app renders once both are in (their files are already on their way: modulepreloads), so its first
// render shows the screen rather than suspending on them; React shows a screen no sooner than 300 ms
// after a suspended part's fallback. Until then the page shows what the server drew.
const ready = Promise.allSettled([
  preloadScreen(matchRoute(window.location.pathname).route),
  preloadAppRoutes(),
]);
void publicConfigOnce();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// ADR 0200: the session frame the page drew for a visitor with a session stays until the app's own first
// screen is in the root (in the same task, before the next paint), then goes. Its styles stay: stitches
// takes a page's stitches styles over as its own sheet, and the app's rules may be in it by then.
const frame = document.getElementById(SESSION_FRAME_ID);
const takeFrameDown = () => frame?.remove();
if (frame) {
  const observer = new MutationObserver(() => {
    if (!root.firstChild || root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
    observer.disconnect();
    takeFrameDown();
  });
  observer.observe(root, { childList: true });
}

/**
 * Issue 29 (ADR 0208): the first render (or hydration) is a transition, so React draws it in slices of a few
 * milliseconds and the browser stays free between them, instead of one long task of the whole screen. A
 * press meanwhile makes React take the pressed part over at once (selective hydration); the session frame
 * stays until the app's screen is in the root.
 */
function start() {
  // ADR 0155: a guest's page the server prerendered is taken over as it is (hydrated); a visitor with a
  // session (the probe marked <html data-session>, and the page stayed hidden) gets their own screen drawn.
  if (root.hasAttribute(PRERENDERED_ATTRIBUTE) && !document.documentElement.hasAttribute('data-session')) {
    // A guest never sees the frame.
    takeFrameDown();
    startTransition(() => {
      hydrateRoot(root, app, {
        // React then draws the part that differed itself; said in the console for the browser tests too.
        onRecoverableError: (error) => {
          console.warn('hydration:', error);
          errorReporter.report(error, { extra: { hydration: true } });
        },
      });
    });
    // Issue 25 (13): from now on React takes presses itself (it replays those on parts not yet hydrated);
    // what was typed, pressed or sent before happens as soon as React has taken those elements over.
    replayEarlyInput(root);
  } else {
    root.replaceChildren();
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    // The guest's page is gone: presses held on it are dropped with it.
    replayEarlyInput(root);
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}
void ready.then(start);

// Issue 26: the service worker (it shows pushes and caches nothing) once the page has loaded, out of the way
// of the first screen; it makes the app installable and lets /account-info subscribe to push. The entry may
// run after `load` (a prerendered page), so a page already complete registers it too.
if ('serviceWorker' in navigator) {
  const registerWorker = () =>
    setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}), 3000);
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
