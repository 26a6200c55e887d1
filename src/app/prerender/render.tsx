import { type ReactElement, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { getCssText, globalStyles, reset } from '../../platform/styles/stitches.config.ts';
import { App } from '../App.tsx';
import { SessionFrame as Frame } from '../shell/SessionFrame.tsx';
import { pageMetaOf } from '../routes/meta.ts';
import { matchRoute, type RouteDef, ROUTES } from '../routes/table.ts';
import {
  EMBEDDED_ANSWERS_ELEMENT_ID,
  type EmbeddedAnswer,
  type PrerenderedPage,
  type SessionFrame,
} from '../../../contracts/values.ts';
import { forgetEmbeddedAnswers } from '../../platform/request/embedded.ts';

/**
 * The pages whose first screen is the same for every guest (ADR 0155): public and guest-only routes
 * without parameters. Rendered first without data (lists, pictures: the loading state); a page whose
 * feature gives its first answers ahead is rendered again with them (ADR 0198).
 */
export const PRERENDER_PATHS = ROUTES.filter(
  (r) => (r.access === 'public' || r.access === 'guest') && !r.path.includes(':'),
).map((r) => r.path);

/** One element as React renders it in place (no boundary sent apart), with the styles it uses. */
async function renderInPlace(element: ReactElement): Promise<{ html: string; css: string }> {
  reset();
  globalStyles();
  const errors: unknown[] = [];
  const { prelude } = await prerender(<StrictMode>{element}</StrictMode>, {
    onError: (error) => void errors.push(error),
    // Every boundary in place: no boundary is sent apart to be revealed by an inline script (the CSP
    // allows none but the first-paint script).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  if (/<script|<!--\$[?!]-->/.test(html)) throw new Error('a boundary was not rendered in place');
  return { html, css: getCssText() };
}

/**
 * Issue 29 (ADR 0200): the frame the app first draws for a visitor with a session, once per page theme,
 * with the paths of the routes that use it.
 */
export async function renderFrames(): Promise<SessionFrame[]> {
  const frames: SessionFrame[] = [];
  const add = async (paths: string[], frame: ReactElement) => {
    const { html, css } = await renderInPlace(frame);
    // A picture of the start-up screen: without the app's ids, which a hidden guest page may hold too.
    frames.push({ paths, html: html.replace(/ id="[^"]*"/g, ''), css });
  };
  // ADR 0211: a route whose screen has a head of its own has a frame of its own, with that head (ADR 0213:
  // the screen's chunk exports it).
  const rest: RouteDef[] = [];
  for (const route of ROUTES) {
    const { head } = await route.load();
    if (head) await add([route.path], <Frame theme={route.theme ?? 'default'} head={head} />);
    else rest.push(route);
  }
  for (const theme of new Set(rest.map((r) => r.theme ?? 'default'))) {
    const paths = rest.filter((r) => (r.theme ?? 'default') === theme).map((r) => r.path);
    await add(paths, <Frame theme={theme} />);
  }
  return frames;
}

/** The page's answers in the worker's DOM, as the server's page carries them (or none). */
function setAnswers(answers: EmbeddedAnswer[] | undefined): void {
  document.getElementById(EMBEDDED_ANSWERS_ELEMENT_ID)?.remove();
  if (answers) {
    const element = document.createElement('script');
    element.id = EMBEDDED_ANSWERS_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = JSON.stringify(answers);
    document.body.prepend(element);
  }
  forgetEmbeddedAnswers();
}

/**
 * Renders the app as a guest's browser first renders it at `path` (the DOM globals and the URL are the
 * worker's, worker.ts), with every lazy screen resolved, so that the browser can hydrate it as it is:
 * with `answers`, as it does when the page came with them and says its HTML shows them (ADR 0198).
 */
export async function renderPage(path: string, answers?: EmbeddedAnswer[]): Promise<PrerenderedPage> {
  setAnswers(answers);
  const { html, css } = await renderInPlace(<App />);
  return { path, html, css, ...pageMetaOf(matchRoute(path).route) };
}
