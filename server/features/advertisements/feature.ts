import type { Feature } from '../../platform/feature.ts';
import { setupAdvertisements } from './setup.ts';
import { advertisementRoutes } from './routes.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = {
  name: 'advertisements',
  setup: setupAdvertisements,
  routes: advertisementRoutes,
};
