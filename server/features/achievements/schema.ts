import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';

/** Customer voices on the top page (issue 16, ADR 0094): written and published by staff. */
export const customerVoices = pgTable(
  'customer_voices',
  {
    id: serial('id').primaryKey(),
    /** As shown: 「カフェ店主（東京都）」. */
    name: text('name').notNull(),
    /** shop | supporter */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    published: boolean('published').notNull().default(false),
    /** Ascending; ties newest first. */
    position: integer('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customer_voices_published_position_idx').on(t.published, t.position)],
);
