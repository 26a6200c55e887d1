import { sql } from 'drizzle-orm';
import type { FraudKind } from '../../contracts/fraud.ts';
import type { Db } from './db/client.ts';

/**
 * Fraud signals (issue 24, product design section 8 "Fraud"): what features see happen, written as flags for
 * staff to review, never acted on automatically. A platform writer, as the ledger and the audit log are:
 * several features raise flags (money: a shared bank account; support requests: proofs from another's handle,
 * an owner approving a colleague's post; short links: self clicks, bursts), and only the fraud feature reads
 * and closes them. One open flag per kind, user and subject: a repeat adds to its evidence.
 */

export interface FraudSignal {
  kind: FraudKind;
  /** The user the flag is about. */
  userId: number;
  /** What the flag is about within its kind (a bank account's hash, a unit, 'proofs'), never raw personal data. */
  subject: string;
  /** Record ids the signal points at (units, users, links), merged into the flag's `ids`. */
  ids?: (number | string)[];
  /** Anything else worth showing (counts, keyed hashes); merged over the flag's evidence. */
  extra?: Record<string, unknown>;
}

/**
 * Raises a flag, or adds to the open one: `count` + 1, `last_seen` now, `ids` merged (the first 50 kept),
 * `first_seen` kept. In the caller's transaction when it has one.
 */
export async function raiseFraudFlag(db: Db, signal: FraudSignal): Promise<void> {
  const ids = (signal.ids ?? []).map(String);
  const now = new Date().toISOString();
  const evidence = { count: 1, first_seen: now, last_seen: now, ids, ...(signal.extra ?? {}) };
  await db.execute(sql`
    insert into fraud_flags (kind, user_id, subject, evidence)
    values (${signal.kind}, ${signal.userId}, ${signal.subject}, ${JSON.stringify(evidence)}::jsonb)
    on conflict (kind, user_id, subject) where status = 'open' do update set
      evidence = fraud_flags.evidence || ${JSON.stringify(signal.extra ?? {})}::jsonb || jsonb_build_object(
        'count', coalesce((fraud_flags.evidence ->> 'count')::int, 1) + 1,
        'last_seen', ${now}::text,
        'ids', (select coalesce(jsonb_agg(distinct v), '[]'::jsonb) from (
          select jsonb_array_elements_text(coalesce(fraud_flags.evidence -> 'ids', '[]'::jsonb)) as v
          union select unnest(${sql.raw(`array[${ids.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]::text[]`)})
          limit 50) x)),
      updated_at = now()`);
}
