import type { Feature } from '../../platform/feature.ts';
import { setupShortLinks } from './setup.ts';
import { shortLinkRoutes } from './routes.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = { name: 'short-links', setup: setupShortLinks, routes: shortLinkRoutes };
