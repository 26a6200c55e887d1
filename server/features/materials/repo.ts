import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/client.ts';

/**
 * The shop a caller may take materials for: a member of its company, or staff. Decided in the WHERE,
 * so another company's shop looks like no shop at all.
 */
export async function shopForMaterials(db: Db, shopId: number, userId: number, isStaff: boolean) {
  const [row] = rowsOf(
    await db.execute(sql`
      select s.id, s.name, s.screen_name, s.status from shops s
      where s.id = ${shopId}
        and (${isStaff} or exists (select 1 from company_members cm
               where cm.company_id = s.company_id and cm.user_id = ${userId}))`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name),
    screenName: String(row.screen_name),
    status: String(row.status),
  };
}
