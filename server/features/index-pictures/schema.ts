import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';

/** The top page's pictures (issue 16, product design section 6), stored by the storage service. */
export const indexPictures = pgTable(
  'index_pictures',
  {
    id: serial('id').primaryKey(),
    imageKey: text('image_key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    /** Ascending; staff reorder by drag or buttons. */
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('index_pictures_active_position_idx').on(t.active, t.position)],
);
