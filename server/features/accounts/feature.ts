import type { Feature } from '../../platform/feature.ts';
import { setupAccounts } from './setup.ts';
import { accountsRoutes } from './routes/index.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = { name: 'accounts', setup: setupAccounts, routes: accountsRoutes };
