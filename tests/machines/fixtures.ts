import type { Shop } from '../../contracts/shops.ts';
import type { User } from '../../contracts/accounts.ts';

/** A user as GET /api/me answers (seed spec section 3), with overridable parts. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: '山田 花子',
    email: 'hanako@example.com',
    screen_name: 'hanako',
    avatar_url: null,
    role: { id: 3, name: 'focustar', priority: 10 },
    company: null,
    flag_status: {
      acceptedFirstAdvertising: false,
      savedFirstProfile: false,
      registeredBankAccount: false,
      addedReferralShop: false,
      checkedFirstReward: false,
      watchedAdvertiserRule: false,
      watchedFocustarRule: false,
    },
    is_stripe_verified: false,
    favorites_count: 0,
    shops_count: 0,
    not_accepted_units_count: 0,
    follower_count: 0,
    status: '承認',
    social_accounts: [],
    email_verified: true,
    sns_accounts_count: 0,
    approved_sns_accounts_count: 0,
    last_mode: null,
    last_shop_id: null,
    ...overrides,
  };
}

export function makeShop(overrides: Partial<Shop> = {}): Shop {
  return {
    id: 1,
    company_id: 1,
    name: 'デモカフェ',
    screen_name: 'demo-cafe',
    status: '公開中',
    favoriters_count: 3,
    flag_status: { savedFirstProfile: true, completedFirstAd: true },
    description: null,
    category: null,
    prefecture: '東京都',
    cover_image_url: null,
    ...overrides,
  };
}

/** An unsigned JWT-shaped token whose payload carries `exp` (seconds), as the server's does. */
export function makeToken(expSeconds: number, sub = '7'): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: expSeconds })}.signature`;
}
