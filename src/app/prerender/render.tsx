import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { getCssText, globalStyles, reset } from '../../platform/styles/stitches.config.ts';
import { App } from '../App.tsx';
import { pageMetaOf } from '../routes/meta.ts';
import { matchRoute, ROUTES } from '../routes/table.ts';
import type { PrerenderedPage } from '../../../contracts/values.ts';

/**
 * The pages whose first screen is the same for every guest (ADR 0155): public and guest-only routes
 * without parameters. Their data (lists, pictures) is not in it: it loads as it does after a navigation.
 */
export const PRERENDER_PATHS = ROUTES.filter(
  (r) => (r.access === 'public' || r.access === 'guest') && !r.path.includes(':'),
).map((r) => r.path);

/**
 * Renders the app as a guest's browser first renders it at `path` (the DOM globals and the URL are the
 * worker's, worker.ts), with every lazy screen resolved, so that the browser can hydrate it as it is.
 */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  reset();
  globalStyles();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary in place: no boundary is sent apart to be revealed by an inline script (the CSP
      // allows none but the first-paint script).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  if (/<script|<!--\$[?!]-->/.test(html)) throw new Error('a boundary was not rendered in place');
  return { path, html, css: getCssText(), ...pageMetaOf(matchRoute(path).route) };
}
