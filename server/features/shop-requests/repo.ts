import { eq } from 'drizzle-orm';
import type { ShopRequestItem } from '../../../contracts/shop-requests.ts';
import type { Db } from '../../platform/db/client.ts';
import { type HandlingTable, listHandled, lockHandled, updateHandled } from '../../platform/handling.ts';
import { users } from '../accounts/schema.ts';
import { shopRequests } from './schema.ts';

const TABLE: HandlingTable = {
  name: 'shop_requests',
  fields: { name: 't.name', area: 't.area', url: 't.url', comment: 't.comment' },
};

export async function insertRequest(
  db: Db,
  values: { userId: number; name: string; area: string; url: string; comment: string },
) {
  const [row] = await db.insert(shopRequests).values(values).returning({ id: shopRequests.id });
  return row!.id;
}

/** The request and its sender, for the mails. */
export async function requestForMail(db: Db, id: number) {
  const [row] = await db
    .select({
      id: shopRequests.id,
      userId: shopRequests.userId,
      name: shopRequests.name,
      area: shopRequests.area,
      url: shopRequests.url,
      comment: shopRequests.comment,
      senderName: users.name,
      screenName: users.screenName,
      email: users.email,
    })
    .from(shopRequests)
    .innerJoin(users, eq(users.id, shopRequests.userId))
    .where(eq(shopRequests.id, id));
  return row ?? null;
}

export const listRequests = (db: Db, query: Parameters<typeof listHandled>[2]) =>
  listHandled<ShopRequestItem>(db, TABLE, query);

export const updateRequest = (
  db: Db,
  id: number,
  update: Parameters<typeof updateHandled>[3],
  staffId: number,
) => updateHandled<ShopRequestItem>(db, TABLE, id, update, staffId);

/** The handling of one row, locked (the staff audit log's "before"; issue 24); null when missing. */
export const lockHandling = (db: Db, id: number) => lockHandled(db, TABLE, id);
