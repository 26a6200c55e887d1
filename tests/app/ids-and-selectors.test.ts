import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  companyAvailable,
  companyUnderReview,
  isAdmin,
  isBeginnerShop,
  isBeginnerUser,
  isStaff,
  menuAppearance,
  shopUnderReview,
} from '../../machines/selectors.ts';
import { configureRequests, requestDeps } from '../../src/platform/request/request.ts';
import { getShop } from '../../src/platform/session/api/shops/get-shop.ts';
import { loginShop } from '../../src/platform/session/api/shops/login-shop.ts';
import { configureIdErrors, InvalidIdError, isValidId, requireId } from '../../src/platform/lib/ids.ts';
import { makeShop, makeUser } from '../machines/fixtures.ts';

describe('the id rule (seed spec section 5)', () => {
  const original = { ...requestDeps };
  afterEach(() => configureRequests(original));

  it.each([1, 2, Number.MAX_SAFE_INTEGER])('accepts %s', (id) => {
    expect(isValidId(id)).toBe(true);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, '1', null, undefined])('rejects %s', (id) => {
    expect(isValidId(id)).toBe(false);
  });

  it("shows and reports 'IDは1以上の整数である必要があります' and the call is not made", async () => {
    const show = vi.fn();
    const report = vi.fn();
    configureIdErrors({ show, report });
    const fetch = vi.fn();
    configureRequests({ api: Object.assign(fetch, { raw: fetch }) as never });
    await expect(getShop(0)).rejects.toBeInstanceOf(InvalidIdError);
    await expect(loginShop(-3)).rejects.toThrow('IDは1以上の整数である必要があります');
    expect(fetch).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenCalledTimes(2);
    expect(show.mock.calls[0]![0].message).toBe('IDは1以上の整数である必要があります');
    expect(requireId(5)).toBe(5);
  });
});

describe('derived facts (seed spec sections 4 and 6)', () => {
  const withPriority = (priority: number) => makeUser({ role: { id: 1, name: 'r', priority } });

  it('admin is priority <= 1, staff is priority <= 5', () => {
    expect([1, 2, 5, 6, 10].map((p) => isAdmin(withPriority(p)))).toEqual([true, false, false, false, false]);
    expect([1, 2, 5, 6, 10].map((p) => isStaff(withPriority(p)))).toEqual([true, true, true, false, false]);
    expect(isStaff(null)).toBe(false);
  });

  it('only 利用可能（取引あり） counts as available; 審査中 is under review', () => {
    const withStatus = (paid_status: string) => makeUser({ company: { id: 1, paid_status } });
    expect(companyAvailable(withStatus('利用可能（取引あり）'))).toBe(true);
    expect(companyAvailable(withStatus('利用可能（取引なし）'))).toBe(false);
    expect(companyAvailable(withStatus('利用不可'))).toBe(false);
    expect(companyAvailable(withStatus('審査中'))).toBe(false);
    expect(companyUnderReview(withStatus('審査中'))).toBe(true);
    expect(companyAvailable(makeUser())).toBe(false);
  });

  it('a shop is under review only with the exact review text', () => {
    expect(shopUnderReview(makeShop({ status: '審査待ち（審査完了後に拡散依頼が可能になります）' }))).toBe(
      true,
    );
    expect(shopUnderReview(makeShop({ status: '審査待ち' }))).toBe(false);
    expect(shopUnderReview(null)).toBe(false);
  });

  it('a beginner shop has not completed its first ad and has no supporters', () => {
    const fresh = makeShop({
      favoriters_count: 0,
      flag_status: { savedFirstProfile: false, completedFirstAd: false },
    });
    expect(isBeginnerShop(fresh)).toBe(true);
    expect(isBeginnerShop({ ...fresh, favoriters_count: 1 })).toBe(false);
    expect(isBeginnerShop({ ...fresh, flag_status: { ...fresh.flag_status, completedFirstAd: true } })).toBe(
      false,
    );
  });

  it('a beginner user has saved the first profile and has favourites; otherwise not', () => {
    const saved = { ...makeUser().flag_status, savedFirstProfile: true };
    expect(isBeginnerUser(makeUser({ flag_status: saved, favorites_count: 2 }))).toBe(true);
    expect(isBeginnerUser(makeUser({ flag_status: saved, favorites_count: 0 }))).toBe(false);
    expect(isBeginnerUser(makeUser({ favorites_count: 2 }))).toBe(false);
  });

  it('the menu looks like guest, shop or focustar (section 2)', () => {
    expect(menuAppearance({ login: false, user: null, role: 'focustar' })).toBe('guest');
    expect(menuAppearance({ login: true, user: makeUser(), role: 'shop' })).toBe('shop');
    expect(menuAppearance({ login: true, user: makeUser(), role: 'focustar' })).toBe('focustar');
  });
});
