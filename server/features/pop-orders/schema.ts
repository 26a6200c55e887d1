import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';
import { shops } from '../shops/schema.ts';

/** Printed POP stands a shop ordered (issue 16 "Shop materials", ADR 0092): 受付 -> 発送済. */
export const popOrders = pgTable(
  'pop_orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderedBy: integer('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    recipientName: text('recipient_name').notNull(),
    postalCode: text('postal_code').notNull(),
    prefecture: text('prefecture').notNull(),
    address: text('address').notNull(),
    building: text('building').notNull().default(''),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    /** 受付 | 発送済 */
    status: text('status').notNull().default('受付'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pop_orders_shop_idx').on(t.shopId, t.id), index('pop_orders_status_idx').on(t.status, t.id)],
);
