import type { ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

export const feature: ClientFeature = { name: 'legal', routes };
