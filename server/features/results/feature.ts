import type { Feature } from '../../platform/feature.ts';
import { setupResults } from './setup.ts';
import { resultsRoutes } from './routes.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = { name: 'results', setup: setupResults, routes: resultsRoutes };
