import { SHOP_UNDER_REVIEW_STATUS } from '../../src/api/contracts/auth.ts';
import { count } from 'drizzle-orm';
import { hashPassword } from '../services/passwords.ts';
import type { Db } from './client.ts';
import { companies, companyMembers, favorites, shopReviews, shops, users } from './schema.ts';

export const DEMO_PASSWORD = 'demo-pass-2026';

/** The demo accounts of the README. Every account's password is DEMO_PASSWORD and its e-mail is verified. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: '運営 管理者', screenName: 'demo-admin', roleId: 1 },
  { email: 'staff@example.com', name: '運営 スタッフ', screenName: 'demo-staff', roleId: 2 },
  { email: 'supporter@example.com', name: '山田 花子', screenName: 'demo-supporter', roleId: 3 },
  { email: 'owner@example.com', name: '佐藤 健', screenName: 'demo-owner', roleId: 3 },
  { email: 'pending-owner@example.com', name: '鈴木 一郎', screenName: 'demo-pending-owner', roleId: 3 },
  { email: 'fan1@example.com', name: '高橋 美咲', screenName: 'demo-fan1', roleId: 3 },
  { email: 'fan2@example.com', name: '田中 翔', screenName: 'demo-fan2', roleId: 3 },
  { email: 'fan3@example.com', name: '伊藤 さくら', screenName: 'demo-fan3', roleId: 3 },
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo data into an empty database. Returns false (and writes nothing) when users exist. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          ...a,
          passwordHash,
          emailVerifiedAt: now,
          status: '承認',
          prefecture: '東京都',
          flagStatus: { savedFirstProfile: true },
        })),
      )
      .returning({ id: users.id, email: users.email });
    const id = (email: string) => inserted.find((u) => u.email === email)!.id;

    const [demoCompany, pendingCompany] = await tx
      .insert(companies)
      .values([
        {
          name: '株式会社デモフーズ',
          nameKana: 'カブシキガイシャデモフーズ',
          address: '東京都渋谷区神南1-2-3',
          phone: '03-1234-5678',
          representative: '佐藤 健',
          paidStatus: '利用可能（取引あり）',
        },
        {
          name: '合同会社しんさちゅう',
          nameKana: 'ゴウドウガイシャシンサチュウ',
          address: '大阪府大阪市北区梅田4-5-6',
          representative: '鈴木 一郎',
          paidStatus: '審査中',
        },
      ])
      .returning({ id: companies.id });
    await tx.insert(companyMembers).values([
      { companyId: demoCompany!.id, userId: id('owner@example.com'), role: 'owner' },
      { companyId: pendingCompany!.id, userId: id('pending-owner@example.com'), role: 'owner' },
    ]);

    const [cafe, bakery, ramen] = await tx
      .insert(shops)
      .values([
        {
          companyId: demoCompany!.id,
          name: 'デモカフェ 渋谷店',
          screenName: 'demo-cafe',
          description: '自家焙煎のコーヒーと季節のケーキが自慢の小さなカフェです。',
          category: 'カフェ',
          prefecture: '東京都',
          address: '東京都渋谷区神南1-2-3 デモビル1F',
          phone: '03-1234-5678',
          openingHours: '9:00〜20:00（火曜定休）',
          status: '公開中',
        },
        {
          companyId: demoCompany!.id,
          name: 'デモベーカリー',
          screenName: 'demo-bakery',
          description: '毎朝焼きたてのパンをお届けします。',
          category: 'パン屋',
          prefecture: '東京都',
          status: SHOP_UNDER_REVIEW_STATUS,
        },
        {
          companyId: pendingCompany!.id,
          name: 'らーめん審査中',
          screenName: 'demo-ramen',
          category: 'ラーメン',
          prefecture: '大阪府',
          status: SHOP_UNDER_REVIEW_STATUS,
        },
      ])
      .returning({ id: shops.id });
    await tx.insert(shopReviews).values([
      { shopId: cafe!.id, status: SHOP_UNDER_REVIEW_STATUS, createdAt: new Date(now.getTime() - 60_000) },
      { shopId: cafe!.id, status: '公開中', reviewerId: id('staff@example.com'), createdAt: now },
      { shopId: bakery!.id, status: SHOP_UNDER_REVIEW_STATUS },
      { shopId: ramen!.id, status: SHOP_UNDER_REVIEW_STATUS },
    ]);
    await tx.insert(favorites).values(
      ['supporter@example.com', 'fan1@example.com', 'fan2@example.com', 'fan3@example.com'].map((email) => ({
        userId: id(email),
        shopId: cafe!.id,
      })),
    );
  });
  return true;
}
