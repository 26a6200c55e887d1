import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { publicConfigOnce } from './platform/request/hooks.ts';
import { findRootElement } from './mount.ts';
import { matchRoute } from './app/routes/table.ts';
import { globalStyles } from './platform/styles/stitches.config.ts';

// Seed spec section 2: without the root element start-up fails, before anything else runs.
const root = findRootElement();
globalStyles();
// The current screen's chunk and the router's start loading together, not one after the other.
void matchRoute(window.location.pathname)
  .route.load()
  .catch(() => {});
void import('./app/routes/AppRoutes.tsx').catch(() => {});
void publicConfigOnce();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
