/**
 * THE server feature list (ADR 0005, ADR 0172): one line per feature, each re-exporting its folder's `feature`.
 * `npm run new:feature <name>` prints the line to add. buildApp runs every `setup`, then registers every
 * `routes`, in the alphabetical order of these names (a module's exports are sorted), so no feature may
 * depend on another's setup having run first.
 */
export { feature as accounts } from './accounts/feature.ts';
export { feature as achievements } from './achievements/feature.ts';
export { feature as advertisements } from './advertisements/feature.ts';
export { feature as audit } from './audit/feature.ts';
export { feature as contact } from './contact/feature.ts';
export { feature as fraud } from './fraud/feature.ts';
export { feature as indexPictures } from './index-pictures/feature.ts';
export { feature as materials } from './materials/feature.ts';
export { feature as money } from './money/feature.ts';
export { feature as notificationSettings } from './notification-settings/feature.ts';
export { feature as notificationTemplates } from './notification-templates/feature.ts';
export { feature as notifications } from './notifications/feature.ts';
export { feature as popOrders } from './pop-orders/feature.ts';
export { feature as profiles } from './profiles/feature.ts';
export { feature as recruitments } from './recruitments/feature.ts';
export { feature as results } from './results/feature.ts';
export { feature as shopRequests } from './shop-requests/feature.ts';
export { feature as shops } from './shops/feature.ts';
export { feature as shortLinks } from './short-links/feature.ts';
export { feature as shortener } from './shortener/feature.ts';
export { feature as supporters } from './supporters/feature.ts';
export { feature as system } from './system/feature.ts';
