import type { ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

/** Issue 26 "In-app": `/notifications`; the bell itself is lazy-loaded by the app's header (ADR 0176). */
export const feature: ClientFeature = { name: 'notifications', routes };
