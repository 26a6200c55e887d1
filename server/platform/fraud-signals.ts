import { sql } from 'drizzle-orm';
import type { FraudKind } from '../../contracts/fraud.ts';
import type { Db } from './db/client.ts';
import { deriveKey, hmac } from './keys.ts';

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
  /** How many sightings this call reports (a batch of clicks): added to `count`; 1 unless told. */
  times?: number;
}

/**
 * Raises a flag, or adds to the open one: `count` + 1, `last_seen` now, `ids` merged (the first 50 kept),
 * `first_seen` kept. In the caller's transaction when it has one.
 */
export async function raiseFraudFlag(db: Db, signal: FraudSignal): Promise<void> {
  const ids = (signal.ids ?? []).map(String);
  const times = Math.max(1, Math.floor(signal.times ?? 1));
  const now = new Date().toISOString();
  const evidence = { count: times, first_seen: now, last_seen: now, ids, ...(signal.extra ?? {}) };
  await db.execute(sql`
    insert into fraud_flags (kind, user_id, subject, evidence)
    values (${signal.kind}, ${signal.userId}, ${signal.subject}, ${JSON.stringify(evidence)}::jsonb)
    on conflict (kind, user_id, subject) where status = 'open' do update set
      evidence = fraud_flags.evidence || ${JSON.stringify(signal.extra ?? {})}::jsonb || jsonb_build_object(
        'count', coalesce((fraud_flags.evidence ->> 'count')::int, 1) + ${times}::int,
        'last_seen', ${now}::text,
        'ids', (select coalesce(jsonb_agg(distinct v), '[]'::jsonb) from (
          select jsonb_array_elements_text(coalesce(fraud_flags.evidence -> 'ids', '[]'::jsonb)) as v
          union select unnest(${sql.raw(`array[${ids.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]::text[]`)})
          limit 50) x)),
      updated_at = now()`);
}

/** Accounts on one device or address within SHARED_WINDOW_MS that make a `shared_device` flag. */
export const SHARED_DEVICE_ACCOUNTS = 3;
/** The window of `shared_device`, and how long an address a user signed in from makes their clicks theirs. */
export const SHARED_WINDOW_MS = 24 * 60 * 60 * 1000;

const ipKeys = new Map<string, Buffer>();
/**
 * The keyed hash an address is kept as by the fraud signals (`user_ips`, a click's address): HMAC with a key
 * derived from APP_SECRET for this purpose only. The address itself is never stored.
 */
export function signalIpHash(appSecret: string, ip: string): string {
  let key = ipKeys.get(appSecret);
  if (!key) {
    key = deriveKey(appSecret, 'fraud-ip');
    ipKeys.set(appSecret, key);
  }
  return hmac(key, ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ''));
}

/**
 * Whether an address can be a person's own: not loopback, private (RFC 1918, unique local), link-local,
 * shared (CGNAT 100.64/10) or unspecified. A request seen from such an address is this machine, a proxy the
 * server does not trust, or a test: counting it as a person would make every user "share" the proxy's
 * address and every supporter click their own links. The address-based signals skip it.
 */
export function isPersonalAddress(ip: string): boolean {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    return true;
  }
  const lower = ip.toLowerCase();
  if (!lower.includes(':')) return false;
  if (lower === '::' || lower === '::1') return false;
  // fe80::/10 link-local, fc00::/7 unique local, ff00::/8 multicast.
  return !/^(fe[89ab]|f[cd]|ff)/.test(lower);
}
