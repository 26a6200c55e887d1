import { desc, eq } from 'drizzle-orm';
import type { HandlingStatus } from '../../../contracts/common.ts';
import type { ContactItem, MyContact } from '../../../contracts/contact.ts';
import type { Db } from '../../platform/db/client.ts';
import { type HandlingTable, listHandled, lockHandled, updateHandled } from '../../platform/handling.ts';
import { users } from '../accounts/schema.ts';
import { contactMessages } from './schema.ts';

const TABLE: HandlingTable = { name: 'contact_messages', fields: { topic: 't.topic', body: 't.body' } };

export async function insertMessage(db: Db, values: { userId: number; topic: string; body: string }) {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}

/** The message and its sender, for the mails. */
export async function messageForMail(db: Db, id: number) {
  const [row] = await db
    .select({
      id: contactMessages.id,
      userId: contactMessages.userId,
      topic: contactMessages.topic,
      body: contactMessages.body,
      name: users.name,
      screenName: users.screenName,
      email: users.email,
    })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .where(eq(contactMessages.id, id));
  return row ?? null;
}

export const listMessages = (db: Db, query: Parameters<typeof listHandled>[2]) =>
  listHandled<ContactItem>(db, TABLE, query);

export const updateMessage = (
  db: Db,
  id: number,
  update: Parameters<typeof updateHandled>[3],
  staffId: number,
) => updateHandled<ContactItem>(db, TABLE, id, update, staffId);

/** One person's own messages, newest first (issue 25 (10)): no staff note, no other sender. */
export async function listOwnMessages(db: Db, userId: number, limit: number): Promise<MyContact[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      topic: contactMessages.topic,
      body: contactMessages.body,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
      updatedAt: contactMessages.updatedAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(desc(contactMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    topic: r.topic,
    body: r.body,
    status: r.status as HandlingStatus,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** The handling of one row, locked (the staff audit log's "before"; issue 24); null when missing. */
export const lockHandling = (db: Db, id: number) => lockHandled(db, TABLE, id);
