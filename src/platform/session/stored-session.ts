import type { User } from '../../../contracts/accounts.ts';
import type { Shop } from '../../../contracts/shops.ts';
import type { StoredSession } from '../../../machines/session.ts';

/**
 * Reads the stored session (seed spec section 3) without zod, which the first screen must not load
 * (ADR 0038). It accepts what `userSchema` and `shopSchema` (contracts) accept, with the same
 * coercions (server flags to booleans) and the same stripping of unknown keys; a test holds the two
 * in step. Each part that does not fit reads as its empty value, like the schema's `.catch()`.
 */
type Read<T> = (value: unknown) => { ok: true; value: T } | { ok: false };

const ok = <T>(value: T) => ({ ok: true as const, value });
const bad = { ok: false as const };

const int: Read<number> = (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? ok(v) : bad);
const str: Read<string> = (v) => (typeof v === 'string' ? ok(v) : bad);
/** Contracts' serverFlag: numbers are true when non-zero, null/undefined false. */
const flag: Read<boolean> = (v) => {
  if (v === null || v === undefined) return ok(false);
  if (typeof v === 'number') return ok(v !== 0);
  return typeof v === 'boolean' ? ok(v) : bad;
};
const nullable =
  <T>(read: Read<T>): Read<T | null> =>
  (v) =>
    v === null ? ok(null) : read(v);
const oneOf =
  <T extends string>(values: readonly T[]): Read<T> =>
  (v) =>
    values.includes(v as T) ? ok(v as T) : bad;
const array =
  <T>(read: Read<T>): Read<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return bad;
    const out: T[] = [];
    for (const item of v) {
      const r = read(item);
      if (!r.ok) return bad;
      out.push(r.value);
    }
    return ok(out);
  };
function object<T>(shape: { [K in keyof T]: Read<T[K]> }): Read<T> {
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const r = shape[key]((v as Record<string, unknown>)[key]);
      if (!r.ok) return bad;
      out[key] = r.value;
    }
    return ok(out as T);
  };
}

/** The social providers of contracts/oauth.ts (a type check keeps the list in step). */
const SOCIAL_PROVIDERS = [
  'line',
  'x',
  'instagram',
  'tiktok',
  'facebook',
  'google',
] as const satisfies readonly User['social_accounts'][number]['provider'][];
const USER_FLAGS = [
  'acceptedFirstAdvertising',
  'savedFirstProfile',
  'registeredBankAccount',
  'addedReferralShop',
  'checkedFirstReward',
  'watchedAdvertiserRule',
  'watchedFocustarRule',
] as const satisfies readonly (keyof User['flag_status'])[];

export const readUser: Read<User> = object<User>({
  id: int,
  name: str,
  email: nullable(str),
  screen_name: str,
  avatar_url: nullable(str),
  role: object({ id: int, name: str, priority: int }),
  company: nullable(object({ id: int, paid_status: str })),
  flag_status: object(
    Object.fromEntries(USER_FLAGS.map((f) => [f, flag])) as {
      [K in keyof User['flag_status']]: Read<boolean>;
    },
  ),
  is_stripe_verified: flag,
  favorites_count: int,
  shops_count: int,
  not_accepted_units_count: int,
  follower_count: int,
  status: str,
  social_accounts: array(
    object({
      id: int,
      provider: oneOf(SOCIAL_PROVIDERS),
      handle: nullable(str),
      profile_url: nullable(str),
      status: str,
    }),
  ),
  email_verified: flag,
  sns_accounts_count: int,
  approved_sns_accounts_count: int,
  last_mode: nullable(oneOf(['focustar', 'shop'] as const)),
  last_shop_id: nullable(int),
});

export const readShop: Read<Shop> = object<Shop>({
  id: (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 ? ok(v) : bad),
  company_id: int,
  name: str,
  screen_name: str,
  status: str,
  favoriters_count: int,
  flag_status: object({ savedFirstProfile: flag, completedFirstAd: flag }),
  description: nullable(str),
  category: nullable(str),
  prefecture: nullable(str),
  cover_image_url: nullable(str),
});

const orElse = <T>(r: ReturnType<Read<T>>, fallback: T): T => (r.ok ? r.value : fallback);

/** The stored `store` item, part by part; null when it is not an object at all. */
export function readStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  return {
    login: orElse(typeof v.login === 'boolean' ? ok(v.login) : bad, false),
    user: orElse(nullable(readUser)(v.user), null),
    role: orElse(oneOf(['focustar', 'shop'] as const)(v.role), 'focustar'),
    shop: orElse(nullable(readShop)(v.shop), null),
  };
}
