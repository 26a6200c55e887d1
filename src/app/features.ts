import { feature as top } from '../features/top/index.ts';
import { feature as accounts } from '../features/accounts/index.ts';
import { feature as advertisements } from '../features/advertisements/index.ts';
import { feature as shops } from '../features/shops/index.ts';
import { feature as recruitments } from '../features/recruitments/index.ts';
import { feature as money } from '../features/money/index.ts';
import { feature as materials } from '../features/materials/index.ts';
import { feature as contact } from '../features/contact/index.ts';
import { feature as shopRequests } from '../features/shop-requests/index.ts';
import { feature as supporters } from '../features/supporters/index.ts';
import { feature as shortener } from '../features/shortener/index.ts';
import { feature as results } from '../features/results/index.ts';
import { feature as audit } from '../features/audit/index.ts';
import { feature as fraud } from '../features/fraud/index.ts';
import { feature as guides } from '../features/guides/index.ts';
import { feature as legal } from '../features/legal/index.ts';
import { feature as errors } from '../features/errors/index.ts';
import { feature as profiles } from '../features/profiles/index.ts';
import { feature as notifications } from '../features/notifications/index.ts';
import { feature as notificationTemplates } from '../features/notification-templates/index.ts';
import type { ClientFeature } from '../platform/routing.ts';
import { adminMenu } from './admin/index.ts';

/**
 * The client's feature list (ADR 0172): each feature's `feature` (its routes and menu items), imported by
 * name and listed once, in the order of the admin menu's tiles (the catch-all `/:screen_name` is matched
 * last whatever the order). Plain imports, not `import.meta.glob`: the route table is also read outside
 * Vite (bench/bundle.ts, the e2e specs). `npm run new:feature <name>` prints the two lines to add.
 */
const LISTED: readonly ClientFeature[] = [
  top,
  accounts,
  advertisements,
  shops,
  recruitments,
  money,
  materials,
  contact,
  shopRequests,
  supporters,
  shortener,
  results,
  audit,
  fraud,
  guides,
  legal,
  errors,
  profiles,
  notifications,
  notificationTemplates,
];

/** The features, then the app's admin menu (which gathers their `adminLinks`). */
export const FEATURES: readonly ClientFeature[] = [...LISTED, adminMenu];
