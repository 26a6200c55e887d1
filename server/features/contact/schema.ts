import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { handlingColumns } from '../../platform/handling.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { users } from '../accounts/schema.ts';

/** Contact messages (seed spec `/contact`, issue 9): what a signed-in user wrote to the operators. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull(),
    body: text('body').notNull(),
    ...handlingColumns(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.id)],
);
