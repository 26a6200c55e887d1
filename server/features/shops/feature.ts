import type { Feature } from '../../platform/feature.ts';
import { shopRoutes } from './routes.ts';
import { setupShops } from './setup.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = { name: 'shops', setup: setupShops, routes: shopRoutes };
