import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { userSchema } from '../../contracts/accounts.ts';
import { shopSchema } from '../../contracts/shops.ts';
import { readShop, readUser } from '../../src/platform/session/stored-session.ts';
import {
  createMemoryStorage,
  createSessionStorage,
  STORAGE_KEYS,
} from '../../src/platform/session/session-storage.ts';
import { makeShop, makeUser } from '../machines/fixtures.ts';

describe('session storage (seed spec section 3)', () => {
  it('uses exactly the keys accessToken, store and referralShopId', () => {
    const raw = createMemoryStorage();
    const s = createSessionStorage(raw);
    s.setToken('t');
    s.writeStore({ login: true, user: makeUser(), role: 'shop', shop: makeShop() });
    s.setReferralShopId(3);
    const keys = Array.from({ length: raw.length }, (_, i) => raw.key(i));
    expect(keys.sort()).toEqual(['accessToken', 'referralShopId', 'store']);
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(['accessToken', 'referralShopId', 'store']);
    expect(JSON.parse(raw.getItem('store')!)).toMatchObject({ login: true, role: 'shop' });
  });

  it('reads the store back; a tampered store reads as empty parts', () => {
    const raw = createMemoryStorage();
    const s = createSessionStorage(raw);
    const user = makeUser();
    s.writeStore({ login: true, user, role: 'focustar', shop: null });
    expect(s.readStore()).toEqual({ login: true, user, role: 'focustar', shop: null });
    raw.setItem('store', JSON.stringify({ login: 'yes', user: { id: 'x' }, role: 'admin', shop: 5 }));
    expect(s.readStore()).toEqual({ login: false, user: null, role: 'focustar', shop: null });
    raw.setItem('store', '{not json');
    expect(s.readStore()).toBeNull();
  });

  it('coerces server flags to booleans: non-zero numbers true, null/undefined false (section 5)', () => {
    const raw = createMemoryStorage();
    const user = { ...makeUser(), email_verified: 1, is_stripe_verified: null };
    (user.flag_status as Record<string, unknown>).savedFirstProfile = 2;
    (user.flag_status as Record<string, unknown>).addedReferralShop = 0;
    (user.flag_status as Record<string, unknown>).watchedFocustarRule = undefined;
    raw.setItem('store', JSON.stringify({ login: true, user, role: 'focustar', shop: null }));
    const read = createSessionStorage(raw).readStore()!;
    expect(read.user?.email_verified).toBe(true);
    expect(read.user?.is_stripe_verified).toBe(false);
    expect(read.user?.flag_status.savedFirstProfile).toBe(true);
    expect(read.user?.flag_status.addedReferralShop).toBe(false);
    expect(read.user?.flag_status.watchedFocustarRule).toBe(false);
  });

  it('deletes legacy social-login items and nothing else', () => {
    const raw = createMemoryStorage();
    raw.setItem('socialLoginProvider', 'line');
    raw.setItem('social_login_state', 'abc');
    raw.setItem('snsLoginMode', 'register');
    raw.setItem('accessToken', 't');
    raw.setItem('somethingElse', 'keep');
    const removed = createSessionStorage(raw).removeLegacyItems();
    expect(removed.sort()).toEqual(['snsLoginMode', 'socialLoginProvider', 'social_login_state']);
    expect(raw.getItem('accessToken')).toBe('t');
    expect(raw.getItem('somethingElse')).toBe('keep');
  });

  it('tells listeners when the token changes, once per change', () => {
    const s = createSessionStorage(createMemoryStorage());
    const seen: (string | null)[] = [];
    s.onTokenChange((t) => seen.push(t));
    s.setToken('a');
    s.setToken('a');
    s.setToken('b');
    s.removeToken();
    s.removeToken();
    expect(seen).toEqual(['a', 'b', null]);
  });

  it('accepts only positive integer referral shop ids', () => {
    const raw = createMemoryStorage();
    const s = createSessionStorage(raw);
    raw.setItem('referralShopId', '12');
    expect(s.getReferralShopId()).toBe(12);
    raw.setItem('referralShopId', '0');
    expect(s.getReferralShopId()).toBeNull();
    s.removeReferralShopId();
    expect(raw.getItem('referralShopId')).toBeNull();
  });

  it('survives a storage that throws (private modes)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
      key: () => null,
      get length() {
        return 0;
      },
    };
    const s = createSessionStorage(throwing);
    expect(() => s.setToken('x')).not.toThrow();
    expect(s.getToken()).toBeNull();
    expect(s.readStore()).toBeNull();
  });
});

describe('the stored session is read without zod, as the contracts would read it (issue 11, seed spec section 3)', () => {
  const user = { ...makeUser(), company: { id: 2, paid_status: '審査中' } } as Record<string, unknown>;
  const shop = makeShop() as unknown as Record<string, unknown>;
  const wrong = [undefined, null, 'x', 1.5, -1, true, [], {}, Number.NaN];
  /** Every key of the object replaced by each wrong value, one at a time (and dropped). */
  function variants(base: Record<string, unknown>): unknown[] {
    const out: unknown[] = [base, { ...base, extra: 'stripped' }];
    for (const key of Object.keys(base)) {
      const { [key]: _dropped, ...without } = base;
      out.push(without);
      for (const value of wrong) out.push({ ...base, [key]: value });
    }
    return out;
  }
  const agree = (read: (v: unknown) => { ok: boolean; value?: unknown }, schema: ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    const r = read(value);
    expect(r.ok, JSON.stringify(value)).toBe(parsed.success);
    if (parsed.success) expect(r.value).toEqual(parsed.data);
  };

  it('accepts and rejects the same users as userSchema, with the same coercions', () => {
    for (const v of variants(user)) agree(readUser, userSchema, v);
    for (const v of variants(user.role as Record<string, unknown>))
      agree(readUser, userSchema, { ...user, role: v });
    for (const v of variants(user.flag_status as Record<string, unknown>))
      agree(readUser, userSchema, { ...user, flag_status: v });
    agree(readUser, userSchema, {
      ...user,
      social_accounts: [{ id: 1, provider: 'x', handle: null, profile_url: null, status: '承認' }],
    });
    agree(readUser, userSchema, {
      ...user,
      social_accounts: [{ id: 1, provider: 'myspace', handle: null, profile_url: null, status: '承認' }],
    });
  });

  it('accepts and rejects the same shops as shopSchema', () => {
    for (const v of variants(shop)) agree(readShop, shopSchema, v);
    agree(readShop, shopSchema, { ...shop, id: 0 });
  });
});
