import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SHOP_UNDER_REVIEW_STATUS } from '../../../contracts/shops.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';

/**
 * The shops part of the data model (product design section 2): companies and their members, shops,
 * their review history, and favourites (a supporter's list of shops). Money is integer yen.
 */

export type ShopFlags = Partial<Record<'savedFirstProfile' | 'completedFirstAd', boolean>>;

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameKana: text('name_kana'),
  address: text('address'),
  phone: text('phone'),
  representative: text('representative'),
  postalCode: text('postal_code'),
  /** Qualified-invoice registration number (T + 13 digits), when the company has one. */
  invoiceNumber: text('invoice_number'),
  /** 審査中 / 利用不可 / 利用可能（取引なし） / 利用可能（取引あり） */
  paidStatus: text('paid_status').notNull().default('審査中'),
  /** What staff told the owner with their last decision. */
  reviewReason: text('review_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] })
      .notNull()
      .default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    screenName: text('screen_name').notNull(),
    description: text('description'),
    category: text('category'),
    prefecture: text('prefecture'),
    address: text('address'),
    url: text('url'),
    phone: text('phone'),
    openingHours: text('opening_hours'),
    coverImageUrl: text('cover_image_url'),
    /** Storage key of the cover (server/platform/storage.ts), so a replaced cover is deleted. */
    coverImageKey: text('cover_image_key'),
    /** Current review status text (mirrors the newest shop_reviews row). */
    status: text('status').notNull().default(SHOP_UNDER_REVIEW_STATUS),
    flagStatus: jsonb('flag_status').$type<ShopFlags>().notNull().default({}),
    /**
     * How many supporters follow the shop: kept by a trigger on `favorites` (migration 0016, ADR 0122), so a
     * shop card reads one number instead of counting a popular shop's followers on every search.
     */
    favoritersCount: integer('favoriters_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_screen_name_lower_unique').on(sql`lower(${t.screenName})`),
    index('shops_company_idx').on(t.companyId),
    index('shops_status_id_idx').on(t.status, t.id),
    // The public search by area and category, in id order, among published shops only (issue 17).
    index('shops_published_area_idx')
      .on(t.prefecture, t.category, t.id)
      .where(sql`${t.status} = '公開中'`),
    index('shops_published_category_idx')
      .on(t.category, t.id)
      .where(sql`${t.status} = '公開中'`),
    // The shop search matches a word anywhere in these (issue 17, ADR 0123: trigram indexes).
    index('shops_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('shops_screen_name_trgm').using('gin', sql`${t.screenName} gin_trgm_ops`),
    index('shops_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export const shopReviews = pgTable(
  'shop_reviews',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: createdAt(),
  },
  // NOTE: nullsFirst(): drizzle's `.desc()` alone writes DESC NULLS LAST, which `order by … desc` cannot use.
  (t) => [
    index('shop_reviews_shop_created_idx').on(
      t.shopId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The primary key makes a follow unique (concurrent clicks: `on conflict do nothing`); the shop index
  // serves the supporter list newest first.
  (t) => [
    primaryKey({ columns: [t.userId, t.shopId] }),
    index('favorites_shop_idx').on(t.shopId),
    index('favorites_shop_created_idx').on(
      t.shopId,
      t.createdAt.desc().nullsFirst(),
      t.userId.desc().nullsFirst(),
    ),
  ],
);
