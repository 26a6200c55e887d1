/**
 * Every feature's drizzle tables: the data model as one object, for the database client's relational
 * queries, drizzle-kit (drizzle.config.ts reads the same files) and the seed. One line per feature
 * that owns tables.
 */
export * from './accounts/schema.ts';
export * from './shops/schema.ts';
export * from './contact/schema.ts';
export * from './shop-requests/schema.ts';
export * from './recruitments/schema.ts';
export * from './supporters/schema.ts';
export * from './index-pictures/schema.ts';
export * from './money/schema.ts';
export * from './pop-orders/schema.ts';
export * from './achievements/schema.ts';
export * from './results/schema.ts';
export * from './notification-settings/schema.ts';
// The platform's tables (not a feature's): the money ledger.
export * from './advertisements/schema.ts';
// The platform's tables (not a feature's): the money ledger, the tracking links.
export { ledgerEntries } from '../platform/ledger.ts';
export {
  shopClickSources,
  shortLinkClicks,
  shortLinkClickSources,
  shortLinks,
  shortLinkVisitors,
} from '../platform/short-links.ts';
export { linkClickMonths } from '../platform/click-rollups.ts';
