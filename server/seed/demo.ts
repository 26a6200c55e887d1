import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PUBLISHED_SHOP_STATUS, type ShopCategory, SHOP_UNDER_REVIEW_STATUS } from '../../contracts/shops.ts';
import type { Prefecture } from '../../contracts/prefectures.ts';
import { hashPassword } from '../features/accounts/passwords.ts';
import {
  companies,
  companyMembers,
  favorites,
  shopReviews,
  shops,
  snsAccounts,
  users,
  socialAccounts,
} from '../features/schema.ts';
import type { Db } from '../platform/db/client.ts';
import type { StandinPost } from '../platform/sns-standin.ts';
import type { ImageStorage } from '../platform/storage.ts';
import { seedRecruitments } from './recruitments.ts';
import { linkDemoUnitsToAccounts, publishDemoPosts, seedDemoAdvertisements } from './demo-advertisements.ts';
import { seedDemoMoney } from './demo-money.ts';
import { seedDemoResults } from './demo-results.ts';

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
  { email: 'north-owner@example.com', name: '北村 大地', screenName: 'demo-north-owner', roleId: 3 },
  { email: 'west-owner@example.com', name: '西田 彩', screenName: 'demo-west-owner', roleId: 3 },
  { email: 'south-owner@example.com', name: '南 海斗', screenName: 'demo-south-owner', roleId: 3 },
  // Issue 26: a supporter who logs in with LINE (a linked LINE login), so LINE messages reach them.
  { email: 'line-supporter@example.com', name: '小林 葵', screenName: 'demo-line-supporter', roleId: 3 },
] as const;

/** The LINE user id of `line-supporter@example.com`'s linked LINE login (LINE's form: `U` and 32 hex digits). */
export const DEMO_LINE_USER_ID = 'U5d2c0a1e9f3b4c6d8e7f60718293a4b5';

type DemoShop = {
  owner: 'north' | 'west' | 'south';
  name: string;
  screenName: string;
  category: ShopCategory;
  prefecture: Prefecture;
  address: string;
  openingHours: string;
  phone: string;
  description: string;
  /** Which of fan1..fan3 follow the shop. */
  fans: (1 | 2 | 3)[];
};

/** Issue 12: published shops across several prefectures and categories (with demo-cafe, a dozen). */
const MORE_SHOPS: DemoShop[] = [
  {
    owner: 'north',
    name: 'スープカレー 北の灯',
    screenName: 'kitanohi-curry',
    category: 'レストラン',
    prefecture: '北海道',
    address: '北海道札幌市中央区南3条西5-1',
    openingHours: '11:30〜21:30（水曜定休）',
    phone: '011-222-3344',
    description: '道産野菜たっぷりのスープカレー。辛さは20段階から選べます。',
    fans: [1, 2],
  },
  {
    owner: 'north',
    name: '盛岡ベーカリー こむぎ舎',
    screenName: 'komugisha',
    category: 'パン屋',
    prefecture: '岩手県',
    address: '岩手県盛岡市中ノ橋通1-4-2',
    openingHours: '7:00〜18:00（月曜定休）',
    phone: '019-622-1100',
    description: '岩手県産小麦と天然酵母で焼く、毎朝の食パンとハード系のパン。',
    fans: [2],
  },
  {
    owner: 'north',
    name: '吉祥寺 雑貨とくらし',
    screenName: 'kichijoji-zakka',
    category: '雑貨・アパレル',
    prefecture: '東京都',
    address: '東京都武蔵野市吉祥寺本町2-8-5',
    openingHours: '11:00〜19:00',
    phone: '0422-20-1234',
    description: '作家ものの器と、毎日使いたい布もの・紙ものを集めた小さなお店。',
    fans: [1, 3],
  },
  {
    owner: 'north',
    name: 'ネイルサロン ルミエ 横浜',
    screenName: 'lumie-nail',
    category: 'ネイル・まつげ',
    prefecture: '神奈川県',
    address: '神奈川県横浜市西区南幸2-10-3',
    openingHours: '10:00〜20:00（不定休）',
    phone: '045-311-5678',
    description: '持ちのよいジェルネイルと、季節のデザインをご提案します。',
    fans: [3],
  },
  {
    owner: 'west',
    name: '喫茶 まるや',
    screenName: 'kissa-maruya',
    category: 'カフェ',
    prefecture: '愛知県',
    address: '愛知県名古屋市中区大須3-30-12',
    openingHours: '7:00〜17:00（木曜定休）',
    phone: '052-251-0987',
    description: '昔ながらのモーニングと、厚切りの小倉トースト。',
    fans: [1, 2, 3],
  },
  {
    owner: 'west',
    name: '京菓子 しずく庵',
    screenName: 'shizukuan',
    category: 'スイーツ',
    prefecture: '京都府',
    address: '京都府京都市東山区祇園町南側570',
    openingHours: '10:00〜18:00（水曜定休）',
    phone: '075-561-2468',
    description: '季節の上生菓子と、抹茶のわらび餅をお楽しみください。',
    fans: [1],
  },
  {
    owner: 'west',
    name: '梅田 酒場 ひだまり',
    screenName: 'hidamari-umeda',
    category: '居酒屋・バー',
    prefecture: '大阪府',
    address: '大阪府大阪市北区曽根崎2-5-10',
    openingHours: '17:00〜24:00（日曜定休）',
    phone: '06-6311-7788',
    description: '一品300円から。旬の魚と地酒がそろう、ひとりでも入りやすい酒場です。',
    fans: [2, 3],
  },
  {
    owner: 'west',
    name: 'ヘアサロン ハーバー 神戸',
    screenName: 'harbor-kobe',
    category: '美容室',
    prefecture: '兵庫県',
    address: '兵庫県神戸市中央区三宮町1-6-2',
    openingHours: '10:00〜19:00（火曜定休）',
    phone: '078-391-3579',
    description: 'くせ毛を活かすカットが得意な、港町の美容室。',
    fans: [1],
  },
  {
    owner: 'south',
    name: 'お好み焼き てっぱん広',
    screenName: 'teppan-hiro',
    category: 'レストラン',
    prefecture: '広島県',
    address: '広島県広島市中区新天地5-13',
    openingHours: '11:00〜22:00',
    phone: '082-241-8642',
    description: 'そば入りの広島焼きを、目の前の鉄板で焼き上げます。',
    fans: [2],
  },
  {
    owner: 'south',
    name: '博多ラーメン 一風堂々',
    screenName: 'hakata-doudou',
    category: 'ラーメン',
    prefecture: '福岡県',
    address: '福岡県福岡市博多区中洲4-2-18',
    openingHours: '11:00〜翌2:00',
    phone: '092-281-9753',
    description: '豚骨を18時間炊き出した、香り高い細麺の博多ラーメン。',
    fans: [1, 3],
  },
  {
    owner: 'south',
    name: 'ヨガスタジオ うみかぜ',
    screenName: 'umikaze-yoga',
    category: 'フィットネス',
    prefecture: '沖縄県',
    address: '沖縄県那覇市久茂地3-1-1',
    openingHours: '7:00〜21:00',
    phone: '098-862-1122',
    description: '海の見えるスタジオで、朝ヨガと夜のリラックスヨガ。',
    fans: [3],
  },
];

/** Two colours per category for the generated covers (no downloads: drawn here). */
const COVER_COLOURS: Record<ShopCategory, [string, string]> = {
  カフェ: ['#8d5b3c', '#f3d9b1'],
  レストラン: ['#d9480f', '#ffd8a8'],
  '居酒屋・バー': ['#5f3dc4', '#fcc2d7'],
  ラーメン: ['#c92a2a', '#ffe066'],
  パン屋: ['#e67700', '#fff3bf'],
  スイーツ: ['#e64980', '#fff0f6'],
  美容室: ['#1971c2', '#d0ebff'],
  'ネイル・まつげ': ['#c2255c', '#f3d9fa'],
  'エステ・リラクゼーション': ['#0c8599', '#e3fafc'],
  '雑貨・アパレル': ['#2f9e44', '#ebfbee'],
  フィットネス: ['#1098ad', '#c5f6fa'],
  宿泊: ['#364fc7', '#dbe4ff'],
  その他: ['#495057', '#f1f3f5'],
};

/** A cover drawn with sharp from an SVG: the category's gradient and a few soft shapes, varied by seed. */
export function demoCoverPng(category: ShopCategory, seed: number): Promise<Buffer> {
  const [dark, light] = COVER_COLOURS[category];
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200;
    const y = (seed * 53 + i * 137) % 675;
    const r = 40 + ((seed + i * 31) % 120);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.08 + (i % 3) * 0.06}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>${circles}
    <rect x="80" y="455" width="${360 + (seed % 5) * 40}" height="28" rx="14" fill="#ffffff" fill-opacity="0.7"/>
    <rect x="80" y="505" width="${220 + (seed % 4) * 30}" height="20" rx="10" fill="#ffffff" fill-opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Services the seed may use: the image storage for the demo photos (none: no photos). */
export interface DemoServices {
  images?: ImageStorage | undefined;
  /** The key that seals the demo bank accounts (BANK_KEY; the development key when not given). */
  bankKey?: string | undefined;
  /** The SNS stand-in, which then holds the demo supporters' posts (issue 23); none: no posts. */
  snsPosts?: { publish(post: StandinPost): unknown } | null | undefined;
}

/** Seeds the demo data into an empty database. Returns false (and writes nothing) when users exist. */
export async function seedDemoData(db: Db, services: DemoServices = {}): Promise<boolean> {
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
    await tx.insert(socialAccounts).values({
      userId: id('line-supporter@example.com'),
      provider: 'line',
      providerUserId: DEMO_LINE_USER_ID,
      status: '承認',
    });

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
    await seedRecruitments(
      tx,
      {
        shopId: cafe!.id,
        staffId: id('staff@example.com'),
        supporterIds: [
          'supporter@example.com',
          'fan1@example.com',
          'fan2@example.com',
          'fan3@example.com',
        ].map(id),
      },
      services.images,
      now,
    );
    await seedDemoAdvertisements(tx, {
      shopId: cafe!.id,
      ownerId: id('owner@example.com'),
      staffId: id('staff@example.com'),
      supporters: ['supporter@example.com', 'fan1@example.com', 'fan2@example.com', 'fan3@example.com'].map(
        id,
      ),
      shopUrl: '/demo-cafe',
    });
    await seedDemoResults(tx, cafe!.id, now); // Issue 27: a few weeks of clicks for /results.
    // Issue 14: bank accounts, a paid batch and unpaid rewards, so every money screen has something.
    await seedDemoMoney(
      tx,
      {
        supporter: id('supporter@example.com'),
        fan1: id('fan1@example.com'),
        admin: id('admin@example.com'),
      },
      now,
      services.bankKey,
    );

    // Issue 12: more published shops of three more companies, followed by the demo fans.
    const owners = {
      north: 'north-owner@example.com',
      west: 'west-owner@example.com',
      south: 'south-owner@example.com',
    };
    const more = await tx
      .insert(companies)
      .values([
        {
          name: '株式会社きたみなみ',
          nameKana: 'カブシキガイシャキタミナミ',
          representative: '北村 大地',
          postalCode: '060-0063',
          address: '北海道札幌市中央区南3条西5-1',
          phone: '011-222-3344',
          invoiceNumber: 'T1234567890123',
          paidStatus: '利用可能（取引あり）',
        },
        {
          name: '株式会社なかにし',
          nameKana: 'カブシキガイシャナカニシ',
          representative: '西田 彩',
          postalCode: '460-0011',
          address: '愛知県名古屋市中区大須3-30-12',
          phone: '052-251-0987',
          paidStatus: '利用可能（取引あり）',
        },
        {
          name: '合同会社みなみかぜ',
          nameKana: 'ゴウドウガイシャミナミカゼ',
          representative: '南 海斗',
          postalCode: '810-0801',
          address: '福岡県福岡市博多区中洲4-2-18',
          phone: '092-281-9753',
          paidStatus: '利用可能（取引あり）',
        },
      ])
      .returning({ id: companies.id });
    const companyOf = { north: more[0]!.id, west: more[1]!.id, south: more[2]!.id };
    await tx.insert(companyMembers).values(
      (['north', 'west', 'south'] as const).map((o) => ({
        companyId: companyOf[o],
        userId: id(owners[o]),
        role: 'owner' as const,
      })),
    );
    const inserted2 = await tx
      .insert(shops)
      .values(
        MORE_SHOPS.map((s) => ({
          companyId: companyOf[s.owner],
          name: s.name,
          screenName: s.screenName,
          category: s.category,
          prefecture: s.prefecture,
          address: s.address,
          openingHours: s.openingHours,
          phone: s.phone,
          description: s.description,
          status: PUBLISHED_SHOP_STATUS,
          flagStatus: { savedFirstProfile: true },
        })),
      )
      .returning({ id: shops.id });
    await tx.insert(shopReviews).values(
      inserted2.flatMap((shop) => [
        { shopId: shop.id, status: SHOP_UNDER_REVIEW_STATUS, createdAt: new Date(now.getTime() - 60_000) },
        {
          shopId: shop.id,
          status: PUBLISHED_SHOP_STATUS,
          reviewerId: id('staff@example.com'),
          createdAt: now,
        },
      ]),
    );
    await tx
      .insert(favorites)
      .values(
        MORE_SHOPS.flatMap((s, i) =>
          s.fans.map((n) => ({ userId: id(`fan${n}@example.com`), shopId: inserted2[i]!.id })),
        ),
      );
    // Issue 16: the supporter posts from an approved Instagram account; two fans wait for review.
    await tx.insert(snsAccounts).values([
      {
        userId: id('supporter@example.com'),
        platform: 'instagram',
        handle: 'hanako_cafe_walk',
        followerCount: 1200,
        status: '承認',
        ownershipCode: 'FOCUS-DEMO01',
        ownershipCheck: 'unavailable',
        reviewedBy: id('staff@example.com'),
        reviewedAt: now,
      },
      {
        userId: id('fan1@example.com'),
        platform: 'instagram',
        handle: 'misaki_gourmet',
        ownershipCode: 'FOCUS-DEMO02',
      },
      {
        userId: id('fan2@example.com'),
        platform: 'tiktok',
        handle: 'sho_eats',
        ownershipCode: 'FOCUS-DEMO03',
      },
      // Issue 23: every demo supporter posts from an approved account (offers go only to such supporters).
      ...(
        [
          ['supporter@example.com', 'x', 'demo_supporter', 'FOCUS-DEMO04'],
          ['fan1@example.com', 'x', 'demo_fan1', 'FOCUS-DEMO05'],
          ['fan2@example.com', 'x', 'demo_fan2', 'FOCUS-DEMO06'],
          ['fan3@example.com', 'instagram', 'demo_fan3', 'FOCUS-DEMO07'],
        ] as const
      ).map(([email, platform, handle, ownershipCode]) => ({
        userId: id(email),
        platform,
        handle,
        followerCount: 300,
        status: '承認' as const,
        ownershipCode,
        ownershipCheck: 'unavailable' as const,
        reviewedBy: id('staff@example.com'),
        reviewedAt: now,
      })),
    ]);
    await linkDemoUnitsToAccounts(tx);
  });

  if (services.images) {
    // Covers are drawn and stored through the storage service (local disk or S3), after the commit.
    const published = await db
      .select({ id: shops.id, category: shops.category })
      .from(shops)
      .where(eq(shops.status, PUBLISHED_SHOP_STATUS));
    for (const shop of published) {
      const png = await demoCoverPng((shop.category ?? 'その他') as ShopCategory, shop.id);
      const stored = await services.images.saveImage(png, 'cover');
      await db
        .update(shops)
        .set({ coverImageUrl: stored.url, coverImageKey: stored.key })
        .where(eq(shops.id, shop.id));
    }
  }
  if (services.snsPosts) await publishDemoPosts(db, services.snsPosts);
  return true;
}
