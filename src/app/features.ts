import { feature as accounts } from '../features/accounts/index.ts';
import { feature as advertisements } from '../features/advertisements/index.ts';
import { feature as audit } from '../features/audit/index.ts';
import { feature as fraud } from '../features/fraud/index.ts';
import { feature as contact } from '../features/contact/index.ts';
import { feature as errors } from '../features/errors/index.ts';
import { feature as guides } from '../features/guides/index.ts';
import { feature as legal } from '../features/legal/index.ts';
import { feature as materials } from '../features/materials/index.ts';
import { feature as money } from '../features/money/index.ts';
import { feature as profiles } from '../features/profiles/index.ts';
import { feature as recruitments } from '../features/recruitments/index.ts';
import { feature as results } from '../features/results/index.ts';
import { feature as shopRequests } from '../features/shop-requests/index.ts';
import { feature as shops } from '../features/shops/index.ts';
import { feature as shortener } from '../features/shortener/index.ts';
import { feature as supporters } from '../features/supporters/index.ts';
import { feature as top } from '../features/top/index.ts';
import type { ClientFeature } from '../platform/routing.ts';
import { adminMenu } from './admin/index.ts';

/**
 * The client's feature list: every feature's routes and menu items come from here. Adding a feature is
 * a folder under src/features/ and one line in this list.
 */
export const FEATURES: readonly ClientFeature[] = [
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
  adminMenu,
  guides,
  legal,
  errors,
  profiles,
];
