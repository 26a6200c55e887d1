import type { Feature } from '../../platform/feature.ts';
import { notificationTemplatesRoutes } from './routes.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = { name: 'notification-templates', routes: notificationTemplatesRoutes };
