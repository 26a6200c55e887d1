import { sql } from 'drizzle-orm';
import { hashPassword } from '../../server/features/accounts/passwords.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import type { TestApp } from '../support/app.ts';

/** Issue 29's suites: a verified supporter who logs in with `password` (no demo seed needed). */
export async function createMember(t: TestApp, email: string, password: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at)
      values (${email}, ${await hashPassword(password)}, 'オペ 花子', ${`ops-${email.split('@')[0]}`}, 3, '承認', now())
      returning id`),
  );
  return row!.id;
}
