import { z } from 'zod';
import { idParamSchema, idSchema } from './common.ts';
import { groupDigits, japanDay } from './japan-time.ts';
import { STANDARD_REWARD } from './pricing.ts';
import { PLATFORM_NAMES, platformList, REWARD_STATE_WORDS } from './vocabulary.ts';

/**
 * Issue 13, product design sections 3 and 7: support requests (拡散依頼, `advertisements`), the units a
 * live request is split into (one offer per supporter), and the supporter's rewards. Shared by the API and
 * the SPA (the wizard's per-step checks are the server's submit checks).
 */

/* ------------------------------------------------------------------------------------------------
 * Words and limits
 * ---------------------------------------------------------------------------------------------- */

export const PLATFORMS = ['x', 'instagram', 'line_voom', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** Issue 25 (9): the platforms' names from the one vocabulary (contracts/vocabulary.ts). */
export const PLATFORM_LABELS: Record<Platform, string> = {
  x: PLATFORM_NAMES.x,
  instagram: PLATFORM_NAMES.instagram,
  line_voom: PLATFORM_NAMES.line_voom,
  tiktok: PLATFORM_NAMES.tiktok,
};

/** A request's life (product design section 3). */
export const AD_STATUS = {
  draft: '下書き',
  review: '審査中',
  live: '配信中',
  sentBack: '差し戻し',
  ended: '終了',
} as const;
export const AD_STATUSES = Object.values(AD_STATUS) as [AdStatus, ...AdStatus[]];
export type AdStatus = (typeof AD_STATUS)[keyof typeof AD_STATUS];
/** The owner may still change the request. */
export const EDITABLE_AD_STATUSES: readonly AdStatus[] = [AD_STATUS.draft, AD_STATUS.sentBack];

/** A unit's life: offered -> accepted | declined | expired; accepted -> posted -> approved | rejected. */
export const UNIT_STATUSES = [
  'offered',
  'accepted',
  'declined',
  'expired',
  'posted',
  'approved',
  'rejected',
  'reversed',
] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  offered: '未回答',
  accepted: '引き受け中',
  declined: '辞退',
  expired: '期限切れ',
  posted: '確認待ち',
  approved: '承認済み',
  rejected: '非承認',
  reversed: '報酬取り消し',
};

/**
 * Product design section 8 "Holding period": an approved reward is 確定待ち for this many days, then the post is
 * checked again and the reward becomes 確定 (payable) or is taken back.
 */
export const REWARD_HOLD_DAYS = 7;
export const REWARD_STATES = ['holding', 'confirmed', 'reversed'] as const;
export type RewardState = (typeof REWARD_STATES)[number];
/** Product design section 8 "Vocabulary": 報酬 (確定待ち / 確定 / お振込み済み). */
export const REWARD_STATE_LABELS: Record<RewardState, string> = {
  holding: REWARD_STATE_WORDS.holding,
  confirmed: REWARD_STATE_WORDS.confirmed,
  reversed: '取り消し',
};
/** What the automatic check of a reported post found: ok, or unknown (the platform could not be asked). */
export const POST_CHECKS = ['ok', 'unknown'] as const;
export type PostCheckResult = (typeof POST_CHECKS)[number];
/** Why a held reward is taken back (product design section 8), as the supporter and the shop are told. */
export const REVERSAL_REASONS = {
  gone: '投稿が削除されたか、見られなくなっていました。',
  disclosure: '投稿の先頭から「#PR」または「広告」の表示が外されていました。',
} as const;

/** Platforms whose posts carry links: the tracking link must be in the post (product design section 8). */
export const LINK_PLATFORMS: readonly Platform[] = ['x', 'line_voom'];

/** Product design section 7: the fixed list a post is rejected with; その他 needs a note. */
export const REJECT_REASONS = [
  '投稿が見つからない',
  '#PRの表示がない',
  '内容が依頼と異なる',
  '期間外の投稿',
  'その他',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
/** A rejected unit may be resubmitted once. */
export const MAX_PROOF_SUBMISSIONS = 2;

/** Product design section 7: every requested post starts with 「#PR」 (or 「広告」), and it cannot be removed. */
export const DISCLOSURES = ['#PR', '広告'] as const;
export const DEFAULT_DISCLOSURE = DISCLOSURES[0];

/** X's weighted count (twitter-text v3: CJK 2, a URL 23). */
export const MAX_WEIGHTED_LENGTH = 280;
/** The length X counts for any URL (the tracking link in the composed post). */
export const URL_WEIGHT = 23;
export const MAX_HASHTAGS = 10;
export const MAX_IMAGES = 4;
export const MAX_UNITS = 1000;
export const MAX_REWARD = 100_000;
/** The longest posting period, in days (start and end included). */
export const MAX_PERIOD_DAYS = 90;
/** A post not judged within 7 days is approved automatically. */
export const AUTO_APPROVE_DAYS = 7;
/**
 * An offer waits this long for an answer (never past the request's last day); a declined or expired
 * offer is handed to the next candidate (ADR 0063).
 */
export const OFFER_RESPONSE_DAYS = 3;
export const PAGE_SIZE = 50;

export const AD_MESSAGES = {
  notFound: '拡散依頼が見つかりませんでした。',
  unitNotFound: '依頼が見つかりませんでした。',
  notEditable: 'この拡散依頼は審査中または配信中のため、変更できません。',
  notSubmittable: 'この拡散依頼は審査に出せる状態ではありません。',
  notInReview: 'この拡散依頼は審査中ではありません。',
  shopNotPublished: 'お店の審査が完了していないため、拡散依頼はまだ出せません。',
  companyUnavailable: '会社の審査が完了していないため、拡散依頼はまだ出せません。',
  notMember: 'このお店の拡散依頼を扱う権限がありません。',
  shopRequired: 'お店を選んでください。',
  firstUsed: 'はじめての拡散依頼は、1店舗につき1回までご利用いただけます。',
  firstFixed: 'はじめての拡散依頼は、件数と報酬を変更できません。',
  submitted: '拡散依頼を審査に出しました。審査の結果はメールでお知らせします。',
  approved: '拡散依頼を承認しました。フォーカスターへの依頼を配信しました。',
  rejected: '拡散依頼を差し戻しました。',
  saved: '下書きを保存しました。',
  notOffered: 'この依頼はすでに回答済み、または期限切れです。',
  notAccepted: 'この依頼は投稿を報告できる状態ではありません。',
  notPosted: 'この投稿は確認待ちではありません。',
  resubmitUsed: '再提出は1回までです。',
  duplicatePost: 'この投稿URLは、すでに別の依頼の報告に使われています。',
  accepted: '依頼を引き受けました。投稿したら、投稿のURLを報告してください。',
  declined: '依頼を辞退しました。',
  proofSent: '投稿を報告しました。お店の確認をお待ちください。',
  unitApproved: '投稿を承認しました。フォーカスターに報酬が支払われます。',
  unitRejected: '投稿を非承認にしました。',
  postNotFound: '投稿が見つかりませんでした。URLをご確認ください。',
  postNoDisclosure: '投稿に「#PR」または「広告」の表示が見つかりませんでした。',
  requestEnded: '掲載期間が終了しています。',
  /** Issue 23: nobody judges a unit they hold. */
  ownUnit: 'ご自身の投稿は判定できません。',
  /** Issue 23: the author of the post is not the unit's SNS account. */
  wrongAuthor: (platform: Platform, handle: string) =>
    `この投稿は依頼を受けたアカウント（${PLATFORM_LABELS[platform]} @${handle}）の投稿ではありません。@${handle}から投稿したURLを報告してください。`,
  disclosureNotFirst:
    '投稿の最初に「#PR」または「広告」を入れてください（広告であることを最初に示す決まりです）。',
  linkMissing: (shortUrl: string) =>
    `投稿に追跡リンク（${shortUrl}）が見つかりませんでした。リンクを入れて投稿してください。`,
  hashtagsMissing: (tags: readonly string[]) =>
    `投稿に依頼のハッシュタグ（${tags.map((t) => `#${t}`).join(' ')}）が見つかりませんでした。`,
  /** The platform could not be asked: the shop judges by looking (never approved automatically). */
  checkUnknown: '自動確認ができませんでした。投稿を開いて、内容を確かめてから判定してください。',
  notReversed: 'この報酬は取り消されていません。',
  reinstated: '報酬の取り消しを取りやめました。',
  noSnsAccount: 'この依頼のSNSで承認済みのアカウントがありません。',
  periodNotFound: '終了した拡散依頼が見つかりませんでした。',
} as const;

export const FIELD_MESSAGES = {
  textRequired: '紹介文を入力してください。',
  textDisclosure: '紹介文は「#PR」または「広告」から始めてください（広告であることの表示は必須です）。',
  textTooLong: (weighted: number) =>
    `投稿が長すぎます（${weighted}／${MAX_WEIGHTED_LENGTH}）。全角は2文字、リンクは23文字として数えます。`,
  hashtag: 'ハッシュタグは空白や記号（#以外）を含まない50文字以内で入力してください。',
  hashtagsTooMany: `ハッシュタグは${MAX_HASHTAGS}個までです。`,
  landingUrl: 'リンク先は http:// または https:// から始まるURLを入力してください。',
  platformsRequired: '投稿してほしいSNSを1つ以上選んでください。',
  platform: `SNSは ${platformList(PLATFORMS)} から選んでください。`,
  unitsRequired: '投稿してほしい件数を入力してください。',
  units: `件数は1〜${groupDigits(MAX_UNITS)}の整数で入力してください。`,
  rewardRequired: '1件あたりの報酬を入力してください。',
  reward: `報酬は${STANDARD_REWARD}円以上、${groupDigits(MAX_REWARD)}円以下の整数で入力してください。`,
  date: '日付は YYYY-MM-DD の形式で、正しい日付を入力してください。',
  startsRequired: '開始日を入力してください。',
  endsRequired: '終了日を入力してください。',
  startsPast: '開始日は今日以降の日付にしてください。',
  endsBeforeStart: '終了日は開始日以降の日付にしてください。',
  periodTooLong: `掲載期間は${MAX_PERIOD_DAYS}日以内にしてください。`,
  images: `画像は${MAX_IMAGES}枚までです。`,
  imageUnknown: 'この画像は拡散依頼に登録されていません。',
  reason: '差し戻しの理由を入力してください（1000文字以内）。',
  rejectReason: '非承認の理由を選んでください。',
  rejectNote: '「その他」を選んだときは、理由を具体的に入力してください（500文字以内）。',
  postUrl: '投稿のURLを https:// から始まる形で入力してください。',
  postUrlHost: (platform: Platform) => `${PLATFORM_LABELS[platform]}の投稿のURLを入力してください。`,
  postUrlProfile: 'プロフィールではなく、投稿そのもののURLを入力してください。',
  acceptPlatform: 'この拡散依頼で選ばれていないSNSです。',
  postOutOfPeriod: (from: string, to: string) =>
    `投稿日が掲載期間（${japaneseDay(from)}〜${japaneseDay(to)}）の外です。期間中に投稿したもののURLを報告してください。`,
} as const;

/** `2026-11-23` as 「2026年11月23日」. */
export function japaneseDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/* ------------------------------------------------------------------------------------------------
 * Pure rules (both sides)
 * ---------------------------------------------------------------------------------------------- */

/** Full-width digits and separators (typed with the IME on) as ASCII, for numbers sent as strings. */
export function toAsciiDigits(value: string): string {
  return value
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[，,、]/g, '')
    .trim();
}

/** Whole numbers from JSON numbers or from typed strings (full-width digits accepted). */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9０-９,，、\s]+$/.test(v) ? Number(toAsciiDigits(v)) : v),
    z.number({ error: message }).int({ error: message }),
  );

/** Today in Japan, as `YYYY-MM-DD` (dates of requests are Asia/Tokyo calendar days; ADR 0207: no `Intl`). */
export function tokyoDate(at: Date): string {
  return japanDay(at);
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to` (calendar days, both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The disclosure the text starts with, or null. */
export function disclosureOf(text: string): string | null {
  const t = text.trimStart();
  return DISCLOSURES.find((d) => t.startsWith(d)) ?? null;
}

/** Puts 「#PR」 back at the start when an edit removed the disclosure (the user cannot remove it). */
export function withDisclosure(text: string): string {
  if (disclosureOf(text)) return text;
  // What is left of a half-deleted label (「#P」「#」「広」) goes, so the label is not doubled.
  const rest = text.replace(/^\s*(?:#P|#|P|広)(?=\s|$)/, '').trimStart();
  return `${DEFAULT_DISCLOSURE} ${rest}`;
}

/** The post as it will appear: the text, the hashtags, then the link. */
export function composePost(text: string, hashtags: readonly string[], url: string): string {
  const tags = hashtags.map((h) => `#${h}`).join(' ');
  return [text.trim(), tags, url].filter(Boolean).join('\n');
}

/** A placeholder of a tracking link, for counting (any URL counts 23). */
export const SAMPLE_SHORT_URL = 'https://focustar.example/s/xxxxxxxxxx';

/**
 * The share intent of a platform (issue 13): X and LINE have one; Instagram and TikTok have none, so the
 * UI copies the post and opens the site (`shareIntent` answers null for them).
 */
export function shareIntent(
  platform: Platform,
  post: { text: string; hashtags: readonly string[]; url: string },
) {
  if (platform === 'x') {
    const body = composePost(post.text, post.hashtags, '');
    return `https://x.com/intent/post?text=${encodeURIComponent(body)}&url=${encodeURIComponent(post.url)}`;
  }
  if (platform === 'line_voom') {
    return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(post.url)}`;
  }
  return null;
}
export const PLATFORM_SITES: Record<Platform, string> = {
  x: 'https://x.com/',
  instagram: 'https://www.instagram.com/',
  line_voom: 'https://linevoom.line.me/',
  tiktok: 'https://www.tiktok.com/',
};

const POST_HOSTS: Record<Platform, RegExp> = {
  x: /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/,
  instagram: /^(?:www\.)?instagram\.com$/,
  tiktok: /^(?:www\.|m\.|vm\.|vt\.)?tiktok\.com$/,
  line_voom: /^(?:[a-z0-9-]+\.)?line\.me$/,
};
/** Post paths (a profile is `/{user}` alone, which none of these match). */
const POST_PATHS: Record<Platform, RegExp> = {
  x: /^\/[A-Za-z0-9_]{1,15}\/status(?:es)?\/\d{5,25}$/,
  instagram: /^\/(?:[A-Za-z0-9_.]{1,30}\/)?(?:p|reel|reels|tv)\/[A-Za-z0-9_-]{5,40}$/,
  tiktok: /^(?:\/@[A-Za-z0-9_.]{1,30}\/(?:video|photo)\/\d{5,25}|\/[A-Za-z0-9]{6,20})$/,
  line_voom: /^(?:\/voom)?(?:\/[A-Za-z0-9_-]+)*\/post\/[A-Za-z0-9_-]{5,60}(?:\/[A-Za-z0-9_-]+)?$/,
};

/**
 * Checks a post URL for a unit's platform and answers its canonical form (https, no www, no query or
 * fragment, no trailing slash), so that one post cannot prove two units by a changed query.
 */
export function checkPostUrl(
  platform: Platform,
  raw: string,
): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: FIELD_MESSAGES.postUrl };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: FIELD_MESSAGES.postUrl };
  if (url.username || url.password || url.port) return { ok: false, message: FIELD_MESSAGES.postUrl };
  const host = url.hostname.toLowerCase();
  if (!POST_HOSTS[platform].test(host)) return { ok: false, message: FIELD_MESSAGES.postUrlHost(platform) };
  const path = url.pathname.replace(/\/+$/, '');
  if (!POST_PATHS[platform].test(path)) return { ok: false, message: FIELD_MESSAGES.postUrlProfile };
  return { ok: true, url: canonicalPostLocation(url) };
}

/**
 * The one stored form of a post's address, for units and winners' posts alike: https, no www./m./mobile.,
 * X under x.com, no trailing slash, no query or fragment.
 */
export function canonicalPostLocation(url: URL): string {
  const host = url.hostname
    .toLowerCase()
    .replace(/^(?:www\.|mobile\.|m\.)/, '')
    .replace(/^twitter\.com$/, 'x.com');
  return `https://${host}${url.pathname.replace(/\/+$/, '')}`;
}

/** X's snowflake epoch (2010-11-04T01:42:54.657Z): an X post id's upper bits are its time in ms after it. */
const X_EPOCH_MS = 1_288_834_974_657n;
/** Ids that decode to before 2011 are older sequential ids (or made up): their time is unknown. */
const EARLIEST_DATED_POST_MS = Date.UTC(2011, 0, 1);

/**
 * When a post was made, read from its canonical URL where the platform's ids carry the time (issue 13
 * "Proof checks", ADR 0064): X's ids are snowflakes (ms since X's epoch, shifted 22 bits), TikTok's video
 * ids carry the Unix second in their upper 32 bits. Instagram, LINE VOOM and TikTok's short links carry
 * none (null: the checker behind the interface may know, else the shop judges).
 */
export function postTimeOfUrl(platform: Platform, canonicalUrl: string): Date | null {
  let id: bigint;
  try {
    if (platform === 'x') {
      const m = /\/status(?:es)?\/(\d{5,25})$/.exec(canonicalUrl);
      if (!m) return null;
      id = (BigInt(m[1]!) >> 22n) + X_EPOCH_MS;
    } else if (platform === 'tiktok') {
      const m = /\/(?:video|photo)\/(\d{5,25})$/.exec(canonicalUrl);
      if (!m) return null;
      id = (BigInt(m[1]!) >> 32n) * 1000n;
    } else return null;
  } catch {
    return null;
  }
  const ms = Number(id);
  if (!Number.isSafeInteger(ms) || ms < EARLIEST_DATED_POST_MS) return null;
  return new Date(ms);
}

/**
 * A proof's post must be dated within the unit's period (issue 13): from the later of the request's first
 * day and the day the unit was offered, to the request's last day, in Japan's calendar. Answers the
 * refusal's message, or null when the date is inside (or unknown).
 */
export function postPeriodError(
  postedAt: Date | null,
  period: { startsOn: string | null; endsOn: string | null; offeredAt: Date },
): string | null {
  if (!postedAt || !period.startsOn || !period.endsOn) return null;
  const offered = tokyoDate(period.offeredAt);
  const from = offered > period.startsOn ? offered : period.startsOn;
  const day = tokyoDate(postedAt);
  if (day < from || day > period.endsOn) return FIELD_MESSAGES.postOutOfPeriod(from, period.endsOn);
  return null;
}

/** The draft's fields as the wizard edits them (every one optional until the request is submitted). */
export type AdDraft = {
  text: string;
  hashtags: string[];
  landing_url: string | null;
  platforms: Platform[];
  units: number | null;
  reward: number | null;
  starts_on: string | null;
  ends_on: string | null;
  image_urls: string[];
};

/** The draft's fields of anything that has them (a request as the server answers it, a wizard's draft), and
 * nothing else: what the wizard saves and what the server checks before a submission. */
export const draftOf = (d: AdDraft): AdDraft => ({
  text: d.text,
  hashtags: d.hashtags,
  landing_url: d.landing_url,
  platforms: d.platforms,
  units: d.units,
  reward: d.reward,
  starts_on: d.starts_on,
  ends_on: d.ends_on,
  image_urls: d.image_urls,
});

export type FieldErrors = Record<string, string[]>;
/** Which wizard step shows a field (so an error from the server opens the right step). */
export const FIELD_STEP: Record<string, 1 | 2 | 3 | 4> = {
  text: 1,
  hashtags: 1,
  landing_url: 1,
  image_urls: 1,
  images: 1,
  platforms: 2,
  units: 2,
  reward: 2,
  starts_on: 3,
  ends_on: 3,
};
export const WIZARD_STEPS = 4;

const HASHTAG = /^[^\s#!-/:-@[-^`{-~、。！？「」]{1,50}$/u;

/**
 * What is missing or wrong in the fields of one step (1–3; step 4 has none of its own). `weighted` is X's
 * weighted count (twitter-text's `parseTweet(...).weightedLength`, passed in because contracts import only
 * zod); `today` is Japan's date. The server runs every step at submit; the wizard runs one per "next".
 */
export function stepErrors(
  step: number,
  draft: AdDraft,
  weighted: (post: string) => number,
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (step === 1) {
    if (!draft.text.trim() || !draft.text.replace(/^\s*(#PR|広告)/, '').trim())
      add('text', FIELD_MESSAGES.textRequired);
    else if (!disclosureOf(draft.text)) add('text', FIELD_MESSAGES.textDisclosure);
    const length = weighted(composePost(draft.text, draft.hashtags, SAMPLE_SHORT_URL));
    if (length > MAX_WEIGHTED_LENGTH) add('text', FIELD_MESSAGES.textTooLong(length));
    if (draft.hashtags.length > MAX_HASHTAGS) add('hashtags', FIELD_MESSAGES.hashtagsTooMany);
    if (draft.hashtags.some((h) => !HASHTAG.test(h))) add('hashtags', FIELD_MESSAGES.hashtag);
    if (draft.landing_url !== null && !isHttpUrl(draft.landing_url))
      add('landing_url', FIELD_MESSAGES.landingUrl);
    if (draft.image_urls.length > MAX_IMAGES) add('image_urls', FIELD_MESSAGES.images);
  }
  if (step === 2) {
    if (draft.platforms.length === 0) add('platforms', FIELD_MESSAGES.platformsRequired);
    if (draft.units === null) add('units', FIELD_MESSAGES.unitsRequired);
    else if (!Number.isInteger(draft.units) || draft.units < 1 || draft.units > MAX_UNITS)
      add('units', FIELD_MESSAGES.units);
    if (draft.reward === null) add('reward', FIELD_MESSAGES.rewardRequired);
    else if (!Number.isInteger(draft.reward) || draft.reward < STANDARD_REWARD || draft.reward > MAX_REWARD)
      add('reward', FIELD_MESSAGES.reward);
  }
  if (step === 3) {
    const { starts_on: s, ends_on: e } = draft;
    if (!s) add('starts_on', FIELD_MESSAGES.startsRequired);
    else if (!isCalendarDate(s)) add('starts_on', FIELD_MESSAGES.date);
    else if (s < today) add('starts_on', FIELD_MESSAGES.startsPast);
    if (!e) add('ends_on', FIELD_MESSAGES.endsRequired);
    else if (!isCalendarDate(e)) add('ends_on', FIELD_MESSAGES.date);
    else if (s && isCalendarDate(s)) {
      if (e < s) add('ends_on', FIELD_MESSAGES.endsBeforeStart);
      else if (daysBetween(s, e) + 1 > MAX_PERIOD_DAYS) add('ends_on', FIELD_MESSAGES.periodTooLong);
    }
  }
  return errors;
}

/** Every step's problems at once (submit). */
export function draftErrors(draft: AdDraft, weighted: (post: string) => number, today: string): FieldErrors {
  return Object.assign({}, ...[1, 2, 3].map((s) => stepErrors(s, draft, weighted, today)));
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && value.length <= 2000;
  } catch {
    return false;
  }
}

/* ------------------------------------------------------------------------------------------------
 * Requests (bodies)
 * ---------------------------------------------------------------------------------------------- */

const dateField = (missing: string) =>
  z.string({ error: missing }).refine(isCalendarDate, { message: FIELD_MESSAGES.date }).nullable();

/**
 * The fields of a draft, each optional (a draft is saved at every step); their shape is checked here and
 * their completeness at submit (`draftErrors`).
 */
export const adFieldsSchema = z.object({
  text: z
    .string({ error: FIELD_MESSAGES.textRequired })
    .max(2000, FIELD_MESSAGES.textTooLong(2000))
    .optional(),
  hashtags: z
    .array(
      z
        .string({ error: FIELD_MESSAGES.hashtag })
        .trim()
        .transform((h) => h.replace(/^[#＃]/, ''))
        .pipe(z.string().regex(HASHTAG, FIELD_MESSAGES.hashtag)),
      { error: FIELD_MESSAGES.hashtag },
    )
    .max(MAX_HASHTAGS, FIELD_MESSAGES.hashtagsTooMany)
    .optional(),
  landing_url: z
    .string({ error: FIELD_MESSAGES.landingUrl })
    .trim()
    .refine((v) => v === '' || isHttpUrl(v), { message: FIELD_MESSAGES.landingUrl })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  platforms: z
    .array(z.enum(PLATFORMS, { error: FIELD_MESSAGES.platform }), { error: FIELD_MESSAGES.platform })
    .max(PLATFORMS.length, FIELD_MESSAGES.platform)
    .transform((list) => PLATFORMS.filter((p) => list.includes(p)))
    .optional(),
  units: wholeNumber(FIELD_MESSAGES.units)
    .pipe(z.number().min(1, FIELD_MESSAGES.units).max(MAX_UNITS, FIELD_MESSAGES.units))
    .nullable()
    .optional(),
  reward: wholeNumber(FIELD_MESSAGES.reward)
    .pipe(z.number().min(STANDARD_REWARD, FIELD_MESSAGES.reward).max(MAX_REWARD, FIELD_MESSAGES.reward))
    .nullable()
    .optional(),
  starts_on: dateField(FIELD_MESSAGES.startsRequired).optional(),
  ends_on: dateField(FIELD_MESSAGES.endsRequired).optional(),
  image_urls: z
    .array(z.string({ error: FIELD_MESSAGES.imageUnknown }).max(2000), { error: FIELD_MESSAGES.imageUnknown })
    .max(MAX_IMAGES, FIELD_MESSAGES.images)
    .optional(),
});
export type AdFields = z.input<typeof adFieldsSchema>;

export const createAdSchema = adFieldsSchema.extend({ shop_id: idSchema });
export type CreateAdRequest = z.input<typeof createAdSchema>;
export const updateAdSchema = adFieldsSchema;

export const firstAdSchema = z.object({ shop_id: idSchema });
export const rejectAdSchema = z.object({
  reason: z
    .string({ error: FIELD_MESSAGES.reason })
    .trim()
    .min(1, FIELD_MESSAGES.reason)
    .max(1000, FIELD_MESSAGES.reason),
});

export const adListQuerySchema = z.object({
  shop_id: idParamSchema.optional(),
  status: z.enum(AD_STATUSES, { error: '状態の指定が正しくありません。' }).optional(),
  cursor: idParamSchema.optional(),
});
export type AdListQuery = { shop_id?: number; status?: AdStatus; cursor?: number };

export const unitListQuerySchema = z.object({
  status: z.enum(UNIT_STATUSES, { error: '状態の指定が正しくありません。' }).optional(),
  shop_id: idParamSchema.optional(),
  advertisement_id: idParamSchema.optional(),
  cursor: idParamSchema.optional(),
});
export type UnitListQuery = {
  status?: UnitStatus;
  shop_id?: number;
  advertisement_id?: number;
  cursor?: number;
};

/** Accepting may name the platform to post on (default: the request's first); no body is fine. */
export const acceptUnitSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ platform: z.enum(PLATFORMS, { error: FIELD_MESSAGES.platform }).optional() }),
);
export const proofSchema = z.object({
  post_url: z
    .string({ error: FIELD_MESSAGES.postUrl })
    .trim()
    .min(1, FIELD_MESSAGES.postUrl)
    .max(2000, FIELD_MESSAGES.postUrl),
});
/** POST /api/units/{id}/reinstate (staff): override a reversal, with a note (issue 23). */
export const reinstateUnitSchema = z.object({
  note: z
    .string({ error: '取り消しを取りやめる理由を入力してください。' })
    .trim()
    .min(1, '取り消しを取りやめる理由を入力してください。')
    .max(500, '理由は500文字以内で入力してください。'),
});

export const rejectUnitSchema = z
  .object({
    reason: z.enum(REJECT_REASONS, { error: FIELD_MESSAGES.rejectReason }),
    note: z
      .string({ error: FIELD_MESSAGES.rejectNote })
      .trim()
      .max(500, FIELD_MESSAGES.rejectNote)
      .default(''),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'その他' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: FIELD_MESSAGES.rejectNote });
  });
export type RejectUnitRequest = z.input<typeof rejectUnitSchema>;

/* ------------------------------------------------------------------------------------------------
 * Answers
 * ---------------------------------------------------------------------------------------------- */

export const quoteSchema = z.object({
  units: z.number().int(),
  reward: z.number().int(),
  rewards: z.number().int(),
  fee: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});

const shopRef = z.object({ id: z.number().int(), name: z.string(), screen_name: z.string() });

export const adCountsSchema = z.object({
  offered: z.number().int(),
  accepted: z.number().int(),
  posted: z.number().int(),
  approved: z.number().int(),
  clicks: z.number().int(),
});

export const advertisementSchema = z.object({
  id: z.number().int(),
  shop: shopRef,
  status: z.enum(AD_STATUSES),
  text: z.string(),
  hashtags: z.array(z.string()),
  image_urls: z.array(z.string()),
  landing_url: z.string().nullable(),
  /** Where the links lead when no landing URL was given: the shop's public page. */
  effective_landing_url: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  units: z.number().int().nullable(),
  reward: z.number().int().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  is_first: z.boolean(),
  fee_waived: z.boolean(),
  reject_reason: z.string().nullable(),
  price: quoteSchema.nullable(),
  counts: adCountsSchema,
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;

export const advertisementListSchema = z.object({
  items: z.array(advertisementSchema),
  next_cursor: z.number().int().nullable(),
});

export const unitSchema = z.object({
  id: z.number().int(),
  status: z.enum(UNIT_STATUSES),
  advertisement_id: z.number().int(),
  reward: z.number().int(),
  short_url: z.string().nullable(),
  platform: z.enum(PLATFORMS).nullable(),
  post_url: z.string().nullable(),
  reject_reason: z.string().nullable(),
  reject_note: z.string().nullable(),
  can_resubmit: z.boolean(),
  clicks: z.number().int(),
  offered_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  posted_at: z.string().nullable(),
  judged_at: z.string().nullable(),
  auto_approve_at: z.string().nullable(),
  /** Issue 23: the supporter's SNS account the unit is for (null on units made before the rule). */
  sns_account: z.object({ id: z.number().int(), platform: z.enum(PLATFORMS), handle: z.string() }).nullable(),
  /** The automatic check of the reported post: ok, unknown (the shop judges by looking), null before a proof. */
  check: z.enum(POST_CHECKS).nullable(),
  /** An approved unit's reward: 確定待ち, 確定 or 取り消し (product design section 8); null before approval. */
  reward_state: z.enum(REWARD_STATES).nullable(),
  /** When a held reward is checked again and confirmed (確定待ち only). */
  confirms_at: z.string().nullable(),
  reversal_reason: z.string().nullable(),
  advertisement: z.object({
    text: z.string(),
    hashtags: z.array(z.string()),
    image_urls: z.array(z.string()),
    platforms: z.array(z.enum(PLATFORMS)),
    starts_on: z.string().nullable(),
    ends_on: z.string().nullable(),
    status: z.enum(AD_STATUSES),
  }),
  shop: shopRef,
  supporter: z.object({ id: z.number().int(), name: z.string(), screen_name: z.string() }),
});
export type Unit = z.infer<typeof unitSchema>;

/** GET /api/advertisements/{id}/period (public): what the /period page of an ended request shows. */
export const adPeriodSchema = z.object({
  id: z.number().int(),
  shop: z.object({ name: z.string(), screen_name: z.string() }),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type AdPeriod = z.infer<typeof adPeriodSchema>;

export const unitListSchema = z.object({
  items: z.array(unitSchema),
  next_cursor: z.number().int().nullable(),
});

export const rewardsSchema = z.object({
  /** 確定 and not paid out, in yen: the ledger's sum less the rewards still held (product design section 8). */
  balance: z.number().int(),
  /** 確定待ち: approved rewards in their 7-day hold, in yen. */
  holding: z.number().int(),
  /** Rewards of posts waiting for judgement, in yen. */
  pending: z.number().int(),
  /** The ledger's rows, newest first, PAGE_SIZE a page. */
  items: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int(),
      kind: z.string(),
      reference: z.string(),
      label: z.string(),
      /** A reward's state (確定待ち / 確定 / 取り消し); null for other rows. */
      state: z.enum(REWARD_STATES).nullable(),
      created_at: z.string(),
    }),
  ),
  /** The last row's id when more rows follow (pass it as `cursor`; issue 17), else null. */
  next_cursor: z.number().int().nullable(),
});
export const rewardsQuerySchema = z.object({ cursor: idParamSchema.optional() });
export type Rewards = z.infer<typeof rewardsSchema>;
