import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createSessionStorage, STORAGE_KEYS } from '../../src/lib/session-storage.ts';
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
