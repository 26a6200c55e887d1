import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { handlingColumns } from '../../platform/handling.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { users } from '../accounts/schema.ts';

/**
 * Shop requests (seed spec `/request-shop`, product design section 6): a shop a supporter recommends.
 */
export const shopRequests = pgTable(
  'shop_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    area: text('area').notNull().default(''),
    url: text('url').notNull().default(''),
    comment: text('comment').notNull().default(''),
    ...handlingColumns(),
  },
  (t) => [index('shop_requests_status_idx').on(t.status, t.id)],
);
