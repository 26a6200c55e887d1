import { z } from 'zod';
import { groupDigits } from './japan-time.ts';
import {
  AUTO_APPROVE_DAYS,
  canonicalPostLocation,
  MAX_PROOF_SUBMISSIONS,
  REJECT_REASONS,
  rejectUnitSchema,
} from './advertisements.ts';
import { idSchema } from './common.ts';
import { PREFECTURES } from './prefectures.ts';
import { approvedSnsAccountSchema } from './supporters.ts';
import { PLATFORM_NAMES } from './vocabulary.ts';

/**
 * Monitor recruitments and entries (issue 15, product design sections 4 and 7; seed spec routes
 * `/recruitments`, `/winner-picker`, `/entries`, `/admin-recruitment*`; API `/api/recruitments`,
 * `/api/entries`). One definition of every request and answer, with its Japanese messages.
 */

export const RECRUITMENT_STATUSES = ['下書き', '募集中', '選考中', '当選発表済', '終了'] as const;
export type RecruitmentStatus = (typeof RECRUITMENT_STATUSES)[number];
/**
 * 辞退: the winner declined the place (their own action); 当選取消: staff cancelled the win with a reason
 * (issue 23). Either frees the place for a redraw.
 */
export const ENTRY_STATUSES = [
  '応募中',
  '当選',
  '落選',
  '体験済',
  '投稿済',
  '完了',
  '辞退',
  '当選取消',
] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** Each status by a name, for code that names one (the server's queries: ADR 0182). */
export const RECRUITMENT_STATUS = {
  draft: '下書き',
  open: '募集中',
  selecting: '選考中',
  announced: '当選発表済',
  ended: '終了',
} as const satisfies Record<string, RecruitmentStatus>;
export const ENTRY_STATUS = {
  applied: '応募中',
  won: '当選',
  lost: '落選',
  visited: '体験済',
  posted: '投稿済',
  completed: '完了',
  declined: '辞退',
  cancelled: '当選取消',
} as const satisfies Record<string, EntryStatus>;

/** Where a winner posts, named as the platforms write them (product design section 8). LINE is not here: a LINE post has no public URL to check. */
export const POST_PLATFORMS = {
  x: PLATFORM_NAMES.x,
  instagram: PLATFORM_NAMES.instagram,
  tiktok: PLATFORM_NAMES.tiktok,
  facebook: PLATFORM_NAMES.facebook,
} as const;
export type PostPlatform = keyof typeof POST_PLATFORMS;
const PLATFORM_KEYS = Object.keys(POST_PLATFORMS) as [PostPlatform, ...PostPlatform[]];
/**
 * Issue 23 (ADR 0161): only supporters with an approved SNS account on the recruitment's platform apply,
 * and supporters register accounts on X, Instagram, TikTok and LINE VOOM only; so a new recruitment is
 * for one of these. Facebook stays readable for the recruitments made before.
 */
export const RECRUITMENT_PLATFORMS = ['x', 'instagram', 'tiktok'] as const satisfies readonly PostPlatform[];

export const TARGET_AUDIENCES = { everyone: 'どなたでも', followers: 'お店のフォーカスター限定' } as const;
export type TargetAudience = keyof typeof TARGET_AUDIENCES;

export const MAX_RECRUITMENT_IMAGES = 6;
export const RECRUITMENT_PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 50;
export const ENTRY_PAGE_SIZE = 50;
/** Product design section 7: a requested post shows that it is an advertisement. */
export const DISCLOSURE_LABELS = ['#PR', '広告'] as const;

export const RECRUITMENT_MESSAGES = {
  notFound: 'モニター募集が見つかりませんでした。',
  entryNotFound: '応募が見つかりませんでした。',
  draft: 'このモニター募集はまだ公開されていません。',
  notYetOpen: 'このモニター募集の応募期間はまだ始まっていません。',
  closed: 'このモニター募集の応募期間は終了しました。',
  alreadyApplied: 'このモニター募集にはすでに応募しています。',
  followersOnly: 'このモニター募集は、お店をお気に入り登録しているフォーカスター限定です。',
  prefectureOnly: (prefecture: string) => `このモニター募集は${prefecture}にお住まいの方が対象です。`,
  answerRequired: '質問への回答を入力してください。',
  notShopMember: 'このお店のモニター募集を確認する権限がありません。',
  alreadyDrawn: '抽選はすでに行われています。抽選は一度だけで、やり直すことはできません。',
  notDrawable: '抽選できるのは、募集中または選考中のモニター募集だけです。',
  winnersPicked: '当選者はすでに決まっています。',
  noEntries: '応募がないため、抽選できません。',
  badTransition: (from: string, to: string) => `「${from}」から「${to}」には変更できません。`,
  notWinnerOfThis: '選んだ応募の中に、このモニター募集の応募中ではないものがあります。',
  tooManyWinners: (n: number) => `当選者は${n}名まで選べます。`,
  notRedrawable: '繰り上げができるのは、抽選で当選した応募だけです。',
  noNextRank: '繰り上げできる応募が残っていません。',
  entryStep: (status: string) => `この応募は「${status}」のため、この操作はできません。`,
  shopNotFound: 'お店が見つかりませんでした。',
  resubmitUsed: '投稿の再提出は1回までです。',
  duplicatePost: 'この投稿のURLは、すでに別の応募で提出されています。',
  postNotFound: '投稿が見つかりませんでした。URLをご確認ください。',
  postNoDisclosure:
    '投稿の最初に「#PR」または「広告」を入れてください（広告であることを最初に示す決まりです）。',
  /** Issue 23: a winner's post is by one of the winner's approved accounts on the recruitment's platform. */
  wrongAuthor: (handles: readonly string[]) =>
    handles.length
      ? `当選したアカウント（${handles.map((h) => `@${h}`).join('、')}）の投稿ではありません。ご自身のアカウントから投稿したURLを報告してください。`
      : 'このSNSで承認済みのアカウントがありません。アカウント情報からSNSアカウントを登録してください。',
  notEditable: '終了したモニター募集は変更できません。',
  lockedField: (status: string) => `「${status}」のモニター募集では、この項目は変更できません。`,
  extendOnly: '公開後は、日付を後ろにずらす（延ばす）変更だけができます。',
  moreWinnersOnly: '公開後は、当選人数を増やす変更だけができます。',
  imagesLocked: '終了したモニター募集の写真は変更できません。',
  updated: 'モニター募集を更新しました。',
  // Issue 23 "Recruitments": who may apply, one message per reason.
  operatorCannotApply: '運営のアカウントでは、モニター募集に応募できません。',
  shopMemberCannotApply: 'ご自身の会社のお店のモニター募集には応募できません。',
  supporterNotApproved:
    'モニター募集に応募できるのは、フォーカスターの審査で承認された方だけです。審査の状況はアカウント情報でご確認ください。',
  noApprovedSnsAccount: (platform: string) =>
    `このモニター募集に応募するには、${platform}の承認済みのSNSアカウントが必要です。アカウント情報から登録して、審査の承認をお待ちください。`,
  // Issue 23: the draw after the application period, or after staff closed it early with a reason.
  beforeDeadline:
    '応募期間が終わるまで、当選者は選べません。早めに締め切る場合は、理由を添えて応募を締め切ってください。',
  closeNeedsReason:
    '締切日より前に応募を締め切るには、理由を添えて「応募を早めに締め切る」から操作してください。',
  notClosable: '早めに締め切れるのは、締切日前の募集中のモニター募集だけです。',
  closedEarly: '応募を締め切りました。理由は公開ページに表示されます。',
  // Issue 23: a redraw replaces only a winner who declined or whom staff cancelled with a reason.
  nothingToReplace: '繰り上げができるのは、当選を辞退した方か、理由を添えて当選を取り消した方の枠だけです。',
  notDeclinable: '当選の辞退は、来店前（「当選」の間）だけできます。',
  notCancellable: '当選を取り消せるのは、「当選」または「体験済」の応募だけです。',
  declined: '当選を辞退しました。',
  cancelled: '当選を取り消しました。繰り上げ当選を行えます。',
  redrawn: '次の順位の応募を繰り上げ当選にしました。',
  drawn: '抽選しました。当選・落選のメールを応募者に送ります。',
  picked: '当選者を決めました。当選・落選のメールを応募者に送ります。',
  platformRetired: '新しいモニター募集のSNSは、X・Instagram・TikTokから選んでください。',
  /** What the public page says of a place freed by the winner's own decline. */
  declinedReason: '当選者が辞退しました',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}を入力してください。` })
    .trim()
    .min(1, `${label}を入力してください。`)
    .max(max, `${label}は${max}文字以内で入力してください。`);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: `${label}は文字で入力してください。` })
      .trim()
      .max(max, `${label}は${max}文字以内で入力してください。`)
      .optional(),
  );

/** A whole number typed in a form (full-width digits and separators accepted) or sent as a number. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
            .replace(/[,，円]/g, '')
            .trim()
        : v,
    z.coerce
      .number({ error: `${label}を数字で入力してください。` })
      .int(`${label}は整数で入力してください。`)
      .min(min, `${label}は${groupDigits(min)}以上にしてください。`)
      .max(max, `${label}は${groupDigits(max)}以下にしてください。`),
  );

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A date typed as `YYYY-MM-DD` is a day in Japan: a period starts at 0:00 of its first day and ends at
 * the end of its last day, Asia/Tokyo. A full ISO time with an offset is taken as it is.
 */
const tokyoMoment = (label: string, edge: 'start' | 'end') =>
  z
    .string({ error: `${label}を入力してください。` })
    .trim()
    .min(1, `${label}を入力してください。`)
    .transform((v, ctx) => {
      const iso = DATE_RE.test(v) ? `${v}T${edge === 'start' ? '00:00:00' : '23:59:59.999'}+09:00` : v;
      const d = new Date(iso);
      if (
        Number.isNaN(d.getTime()) ||
        !(DATE_RE.test(v) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v))
      ) {
        ctx.addIssue({ code: 'custom', message: `${label}は日付（例：2026-12-01）で入力してください。` });
        return z.NEVER;
      }
      if (d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) {
        ctx.addIssue({ code: 'custom', message: `${label}の日付が正しくありません。` });
        return z.NEVER;
      }
      return d.toISOString();
    });

/** The fields of a recruitment, each checked on its own (create and edit share them). */
const recruitmentFields = {
  shop_id: idSchema,
  title: text('タイトル', 80),
  description: text('募集の内容', 4000),
  benefit: text('特典', 200),
  benefit_value: wholeNumber('特典の価値', 0, 1_000_000),
  winners_count: wholeNumber('当選人数', 1, 100),
  application_starts_at: tokyoMoment('応募開始日', 'start'),
  application_ends_at: tokyoMoment('応募締切日', 'end'),
  visit_starts_at: tokyoMoment('来店期間の開始日', 'start'),
  visit_ends_at: tokyoMoment('来店期間の終了日', 'end'),
  platform: z.enum(RECRUITMENT_PLATFORMS, { error: '投稿するSNSを選んでください。' }),
  conditions: text('投稿の条件', 1000).refine(
    (v) => DISCLOSURE_LABELS.some((label) => v.includes(label)),
    '投稿の条件には、広告であることを示す「#PR」（または「広告」）の表示を含めてください。',
  ),
  target_prefecture: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(PREFECTURES, { error: '対象の都道府県を選んでください。' }).optional(),
  ),
  target_audience: z.enum(['everyone', 'followers'], { error: '対象を選んでください。' }),
  question: optionalText('応募時の質問', 200),
};

interface Periods {
  application_starts_at: string;
  application_ends_at: string;
  visit_starts_at: string;
  visit_ends_at: string;
}

/** The rules between the dates, over a whole recruitment (a new one, or one edited and merged). */
function periodIssues(v: Periods): { field: keyof Periods; message: string }[] {
  const issues: { field: keyof Periods; message: string }[] = [];
  if (v.application_ends_at <= v.application_starts_at)
    issues.push({ field: 'application_ends_at', message: '応募締切日は応募開始日より後にしてください。' });
  if (v.visit_ends_at < v.visit_starts_at)
    issues.push({ field: 'visit_ends_at', message: '来店期間の終了日は開始日以降にしてください。' });
  if (v.visit_ends_at < v.application_ends_at)
    issues.push({ field: 'visit_ends_at', message: '来店期間の終了日は応募締切日より後にしてください。' });
  return issues;
}

/** POST /api/recruitments (staff; multipart with up to 6 `images`, or JSON without images). */
export const recruitmentCreateSchema = z.object(recruitmentFields).superRefine((v, ctx) => {
  for (const i of periodIssues(v)) ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
});
export type RecruitmentCreateInput = z.input<typeof recruitmentCreateSchema>;
export type RecruitmentCreate = z.output<typeof recruitmentCreateSchema>;

export type RecruitmentField = keyof typeof recruitmentFields;
const ALL_FIELDS = Object.keys(recruitmentFields) as RecruitmentField[];

/**
 * PATCH /api/recruitments/{id} (staff; multipart with new `images`, or JSON): the fields sent replace
 * the stored ones. An empty 対象の都道府県 or 質問 clears it. New photos replace the old set.
 */
export const recruitmentUpdateSchema = z
  .object({
    ...recruitmentFields,
    // A recruitment made for Facebook before issue 23 can still be sent back whole; a change of the
    // platform is checked against RECRUITMENT_PLATFORMS by the service.
    platform: z.enum(PLATFORM_KEYS, { error: '投稿するSNSを選んでください。' }),
    target_prefecture: z.preprocess(
      (v) => (v === '' ? null : v),
      z.enum(PREFECTURES, { error: '対象の都道府県を選んでください。' }).nullable(),
    ),
    question: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .string({ error: '応募時の質問は文字で入力してください。' })
        .trim()
        .max(200, '応募時の質問は200文字以内で入力してください。')
        .nullable(),
    ),
  })
  .partial();
export type RecruitmentUpdateInput = z.input<typeof recruitmentUpdateSchema>;
export type RecruitmentUpdate = z.output<typeof recruitmentUpdateSchema>;

/**
 * ADR 0082: what staff may change in each status. Once a recruitment is public, the terms people
 * apply under (shop, benefit, conditions, SNS, target, question, start dates) stay as they were; the
 * wording and photos may be corrected, and the deadline, the visit period's end and the number of
 * winners may only move in the applicants' favour (EXTEND_ONLY, MORE_ONLY).
 */
export const EDITABLE_FIELDS: Record<RecruitmentStatus, readonly RecruitmentField[]> = {
  下書き: ALL_FIELDS,
  募集中: ['title', 'description', 'application_ends_at', 'visit_ends_at', 'winners_count'],
  選考中: ['title', 'description', 'visit_ends_at', 'winners_count'],
  当選発表済: ['title', 'description', 'visit_ends_at'],
  終了: [],
};
/** Photos may be replaced until the recruitment is 終了. */
export const IMAGES_EDITABLE: readonly RecruitmentStatus[] = ['下書き', '募集中', '選考中', '当選発表済'];
/** After opening, these dates may only move later. */
export const EXTEND_ONLY: readonly RecruitmentField[] = ['application_ends_at', 'visit_ends_at'];

/** The date rules of a whole recruitment, for one edited and merged with what is stored. */
export function periodProblems(v: Periods): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const i of periodIssues(v)) (found[i.field] ??= []).push(i.message);
  return found;
}

/** PUT /api/recruitments/{id}/status (staff): the moves staff make by hand. */
export const STAFF_MOVES: Record<RecruitmentStatus, readonly RecruitmentStatus[]> = {
  下書き: ['募集中'],
  募集中: ['選考中'],
  選考中: ['終了'],
  当選発表済: ['終了'],
  終了: [],
};
export const statusChangeSchema = z.object({
  status: z.enum(['募集中', '選考中', '終了'], { error: '変更後の状況を選んでください。' }),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** POST /api/recruitments/{id}/entries (signed in). */
export const entryCreateSchema = z.object({ answer: optionalText('質問への回答', 400) });
export type EntryCreate = z.input<typeof entryCreateSchema>;

/** POST /api/recruitments/{id}/winners (staff): winners chosen by hand. */
export const manualWinnersSchema = z.object({
  entry_ids: z
    .array(idSchema, { error: '当選にする応募を選んでください。' })
    .min(1, '当選にする応募を選んでください。')
    .max(100, '当選者は100名までです。')
    .refine((ids) => new Set(ids).size === ids.length, '同じ応募が重複しています。'),
});
export type ManualWinners = z.input<typeof manualWinnersSchema>;

/**
 * POST /api/recruitments/{id}/redraw (staff): the place of `entry_id`, a winner who declined or whom
 * staff cancelled (issue 23), goes to the next rank of the same seed.
 */
export const redrawSchema = z.object({ entry_id: idSchema });

/** A reason staff write for the public page (closing early, cancelling a win). */
const publicReason = (label: string) =>
  z
    .string({ error: `${label}を入力してください。` })
    .trim()
    .min(1, `${label}を入力してください。`)
    .max(200, `${label}は200文字以内で入力してください。`);

/** POST /api/recruitments/{id}/close (staff): applications end now, before the deadline (issue 23). */
export const closeEarlySchema = z.object({ reason: publicReason('締め切る理由') });
export type CloseEarly = z.input<typeof closeEarlySchema>;

/** POST /api/entries/{id}/cancel (staff): a winner's place is cancelled with a reason (issue 23). */
export const cancelWinSchema = z.object({ reason: publicReason('当選を取り消す理由') });
export type CancelWin = z.input<typeof cancelWinSchema>;

/* ----------------------------------------------------------------------------------------------
 * Proof of the post. Stored in the units' form (canonicalPostLocation); the platforms differ from the
 * units' (Facebook here, LINE VOOM there), and so does the check of the address.
 * -------------------------------------------------------------------------------------------- */

const POST_HOSTS: Record<PostPlatform, readonly string[]> = {
  x: ['x.com', 'twitter.com', 'mobile.x.com', 'mobile.twitter.com'],
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'],
  facebook: ['facebook.com', 'm.facebook.com'],
};
/** The path of one post (not a profile, a search or a home page) on each platform. */
const POST_PATHS: Record<PostPlatform, readonly RegExp[]> = {
  x: [/^\/[A-Za-z0-9_]{1,15}\/status\/\d{5,25}\/?$/, /^\/i\/web\/status\/\d{5,25}\/?$/],
  instagram: [/^\/(?:[A-Za-z0-9._]{1,30}\/)?(?:p|reel|reels)\/[A-Za-z0-9_-]{5,40}\/?$/],
  tiktok: [/^\/@[A-Za-z0-9._]{1,24}\/(?:video|photo)\/\d{5,25}\/?$/, /^\/[A-Za-z0-9]{6,12}\/?$/],
  facebook: [
    /^\/[A-Za-z0-9.]{1,80}\/(?:posts|videos)\/[A-Za-z0-9]{5,60}\/?$/,
    /^\/share\/(?:p|v|r)\/[A-Za-z0-9]{5,40}\/?$/,
    /^\/reel\/\d{5,25}\/?$/,
    /^\/permalink\.php$/,
  ],
};

/** Japanese message of what is wrong with a post URL for a platform, or null when it is one post. */
export function postUrlProblem(platform: PostPlatform, value: string): string | null {
  const name = POST_PLATFORMS[platform];
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return '投稿のURLを https:// から入力してください。';
  }
  if (url.protocol !== 'https:') return '投稿のURLは https:// で始まるものを入力してください。';
  if (url.username || url.password || url.port) return '投稿のURLが正しくありません。';
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!POST_HOSTS[platform].includes(host)) return `${name}の投稿のURLを入力してください。`;
  const shortLink = platform === 'tiktok' && host !== 'tiktok.com';
  const paths = shortLink ? POST_PATHS.tiktok.slice(1) : POST_PATHS[platform];
  const onePost =
    paths.some((p) => p.test(url.pathname)) &&
    (url.pathname !== '/permalink.php' || /^\d{5,25}$/.test(url.searchParams.get('story_fbid') ?? ''));
  if (!onePost || (platform === 'tiktok' && !shortLink && !url.pathname.startsWith('/@')))
    return 'プロフィールではなく、投稿そのもののURLを入力してください。';
  return null;
}

/**
 * ADR 0083: a winner's post is judged like a unit's (issue 15 "same checks as units", product design
 * sections 3 and 7): rejected with a reason from the fixed list (その他 needs a note), resubmitted once,
 * approved automatically when not judged within AUTO_APPROVE_DAYS days.
 */
export const POST_REJECT_REASONS = REJECT_REASONS;
export const MAX_POST_SUBMISSIONS = MAX_PROOF_SUBMISSIONS;
export const POST_AUTO_APPROVE_DAYS = AUTO_APPROVE_DAYS;
/** POST /api/entries/{id}/reject (the shop's members, staff): `{ reason, note? }`. */
export const postRejectSchema = rejectUnitSchema;
export type PostReject = z.input<typeof postRejectSchema>;

/**
 * The one form of a post URL (as units store theirs): https, no www./m./mobile., X under x.com, no
 * trailing slash, no query or fragment (Facebook's permalink.php keeps its story_fbid and id), so that
 * one post cannot be sent for two entries by changing a query. Call after postUrlProblem said null.
 */
export function canonicalPostUrl(value: string): string {
  const url = new URL(value.trim());
  const location = canonicalPostLocation(url);
  if (url.pathname.replace(/\/+$/, '') !== '/permalink.php') return location;
  const keep = new URLSearchParams();
  for (const key of ['story_fbid', 'id']) {
    const v = url.searchParams.get(key);
    if (v) keep.set(key, v);
  }
  return `${location}?${keep.toString()}`;
}

export const postSubmitSchema = z.object({
  post_url: z
    .string({ error: '投稿のURLを入力してください。' })
    .trim()
    .min(1, '投稿のURLを入力してください。')
    .max(500, '投稿のURLは500文字以内で入力してください。'),
});
export type PostSubmit = z.infer<typeof postSubmitSchema>;

/* --------------------------------------------------------------------------------------------
 * Answers
 * ------------------------------------------------------------------------------------------ */

const iso = z.string();
const image = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/** A card of the lists (public list, winner picker, staff list). */
export const recruitmentSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(RECRUITMENT_STATUSES),
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    prefecture: z.string().nullable(),
    category: z.string().nullable(),
  }),
  cover: image.nullable(),
  benefit: z.string(),
  benefit_value: z.number().int(),
  winners_count: z.number().int(),
  application_starts_at: iso,
  application_ends_at: iso,
  target_prefecture: z.string().nullable(),
  target_audience: z.enum(['everyone', 'followers']),
  publish_at: iso.nullable(),
  entries_count: z.number().int(),
});
export type RecruitmentSummary = z.infer<typeof recruitmentSummarySchema>;

export const recruitmentPageSchema = z.object({
  items: z.array(recruitmentSummarySchema),
  next_cursor: z.string().nullable(),
});
export type RecruitmentPage = z.infer<typeof recruitmentPageSchema>;

/** GET /api/recruitments/{id}: the recruitment and its published draw (issue 15, "Choosing winners"). */
export const recruitmentSchema = recruitmentSummarySchema.extend({
  description: z.string(),
  images: z.array(image),
  visit_starts_at: iso,
  visit_ends_at: iso,
  conditions: z.string(),
  platform: z.enum(PLATFORM_KEYS),
  question: z.string().nullable(),
  /** sha256 of the 32 raw seed bytes, hex; published when the recruitment opens. */
  seed_commitment: z.string().nullable(),
  /** The 32 seed bytes as 64 hex characters; revealed after the draw. */
  seed: z.string().nullable(),
  drawn_at: iso.nullable(),
  /** The frozen eligible entries, ascending. */
  entry_ids: z.array(z.number().int()).nullable(),
  /** sha256 (hex) of the UTF-8 string of entry_ids joined by ",". */
  entry_ids_hash: z.string().nullable(),
  /** The winners drawn, in rank order (a redraw appends the next ranks). */
  winner_entry_ids: z.array(z.number().int()).nullable(),
  /** Winners who declined after the draw; their places went to the next ranks. */
  declined_entry_ids: z.array(z.number().int()).nullable(),
  selection: z.enum(['lottery', 'manual']).nullable(),
  /** Applications closed by staff before the deadline: when and why (issue 23). */
  closed_early: z.object({ at: iso, reason: z.string() }).nullable(),
  /**
   * Winners released from their place, oldest first (issue 23): declined by themselves or cancelled
   * by staff (with the reason), and the entry a redraw moved up into the place, once it did.
   */
  replacements: z.array(
    z.object({
      entry_id: z.number().int(),
      kind: z.enum(['declined', 'cancelled']),
      reason: z.string(),
      released_at: iso,
      replaced_by_entry_id: z.number().int().nullable(),
      replaced_at: iso.nullable(),
    }),
  ),
  /** Why the signed-in caller may not apply (who they are, not the dates), or null (issue 23). */
  apply_problem: z.string().nullable(),
  /** The signed-in user's own entry, if any. */
  my_entry: z.object({ id: z.number().int(), status: z.enum(ENTRY_STATUSES) }).nullable(),
  /** The caller may see the entries (a member of the shop's company, or staff). */
  can_view_entries: z.boolean(),
  can_manage: z.boolean(),
});
export type Recruitment = z.infer<typeof recruitmentSchema>;

/** An entry as the shop sees it: no personal data beyond the screen name and the SNS accounts. */
export const shopEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(ENTRY_STATUSES),
  screen_name: z.string(),
  /** The supporter's approved SNS accounts, the recruitment's platform first. */
  sns: z.array(approvedSnsAccountSchema),
  answer: z.string().nullable(),
  post_url: z.string().nullable(),
  reject_reason: z.string().nullable(),
  reject_note: z.string().nullable(),
  created_at: iso,
});
export type ShopEntry = z.infer<typeof shopEntrySchema>;

export const shopEntryPageSchema = z.object({
  items: z.array(shopEntrySchema),
  next_cursor: z.number().int().nullable(),
});
export type ShopEntryPage = z.infer<typeof shopEntryPageSchema>;

/** One of the signed-in user's entries (`/entries`, `/entries/{id}`). */
export const entrySchema = z.object({
  id: z.number().int(),
  status: z.enum(ENTRY_STATUSES),
  answer: z.string().nullable(),
  post_url: z.string().nullable(),
  created_at: iso,
  visited_at: iso.nullable(),
  posted_at: iso.nullable(),
  completed_at: iso.nullable(),
  /** The last rejection of the post, while the winner may still send it again. */
  reject_reason: z.string().nullable(),
  reject_note: z.string().nullable(),
  /** The winner may (re)send the post URL now (体験済 with a submission left). */
  can_submit_post: z.boolean(),
  auto_approved: z.boolean(),
  recruitment: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(RECRUITMENT_STATUSES),
    shop_name: z.string(),
    benefit: z.string(),
    platform: z.enum(PLATFORM_KEYS),
    conditions: z.string(),
    visit_starts_at: iso,
    visit_ends_at: iso,
    cover: image.nullable(),
  }),
});
export type Entry = z.infer<typeof entrySchema>;

export const entryPageSchema = z.object({
  items: z.array(entrySchema),
  next_cursor: z.number().int().nullable(),
});
export type EntryPage = z.infer<typeof entryPageSchema>;

/* --------------------------------------------------------------------------------------------
 * Queries
 * ------------------------------------------------------------------------------------------ */

/** Keyset cursor of the public lists: `<application_ends_at ISO>_<id>`. */
export const listCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_\d{1,15}$/, 'ページの指定が正しくありません。');

export const recruitmentListQuerySchema = z.object({
  /** open: 募集中 (the public list); in-progress: 募集中, 選考中, 当選発表済 (`/winner-picker`). */
  stage: z.enum(['open', 'in-progress'], { error: '表示する募集の種類が正しくありません。' }).default('open'),
  shop_id: idSchema.optional(),
  prefecture: z.enum(PREFECTURES, { error: '都道府県を選んでください。' }).optional(),
  category: z.string().trim().max(50, 'カテゴリーは50文字以内で指定してください。').optional(),
  cursor: listCursorSchema.optional(),
});
export type RecruitmentListQuery = {
  stage?: 'open' | 'in-progress';
  shop_id?: number;
  prefecture?: (typeof PREFECTURES)[number];
  category?: string;
  cursor?: string;
};

export const adminRecruitmentQuerySchema = z.object({
  status: z.enum(RECRUITMENT_STATUSES, { error: '状況を選んでください。' }).optional(),
  shop_id: idSchema.optional(),
  q: z.string().trim().max(80, 'キーワードは80文字以内で入力してください。').optional(),
  cursor: idSchema.optional(),
});
export type AdminRecruitmentQuery = {
  status?: RecruitmentStatus;
  shop_id?: number;
  q?: string;
  cursor?: number;
};

export const adminRecruitmentPageSchema = z.object({
  items: z.array(recruitmentSummarySchema),
  next_cursor: z.number().int().nullable(),
});
export type AdminRecruitmentPage = z.infer<typeof adminRecruitmentPageSchema>;

export const cursorQuerySchema = z.object({ cursor: idSchema.optional() });
