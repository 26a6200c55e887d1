/**
 * Issue 25 point 6 (ADR 0167): the first steps of a new supporter, shown on `/` (supporter mode) and
 * `/account-info`. Plain values without zod: the screens that show them must not load zod for words.
 * What the review checks and how long it takes is said here once (product design is silent; ADR 0167).
 */

export const FIRST_STEP_IDS = ['email', 'profile', 'sns', 'review', 'firstOffer', 'bank'] as const;
export type FirstStepId = (typeof FIRST_STEP_IDS)[number];

/** The facts of the user answer each step reads (a subset of `User`, so a test can build them). */
export interface FirstStepFacts {
  email_verified: boolean;
  status: string;
  sns_accounts_count: number;
  approved_sns_accounts_count: number;
  flag_status: {
    savedFirstProfile: boolean;
    acceptedFirstAdvertising: boolean;
    registeredBankAccount: boolean;
  };
}

export const FIRST_STEPS_TITLE = 'はじめの準備';
export const FIRST_STEPS_LEAD = 'すべて済ませると、お店からの拡散依頼を受けて報酬を受け取れます。';
export const firstStepsProgress = (done: number, all: number) => `${all}項目中${done}項目が完了`;

/** The supporter review status that lets offers come (product design section 2). */
export const SUPPORTER_APPROVED = '承認';
export const SUPPORTER_REJECTED = '却下';

/** Product design sections 2 and 8; ADR 0167 for what is checked and how long it takes. */
export const REVIEW_EXPLAINED =
  '運営が、プロフィールと登録したSNSアカウント（ご本人のアカウントか、公開されているか）を確認します。審査は通常2〜3営業日で完了し、結果はメールでお知らせします。';

export interface FirstStepText {
  title: string;
  todo: string;
  done: string;
  /** Where it is done, and the link's words (none for a step with its own button). */
  href?: string;
  action?: string;
}

export const FIRST_STEP_TEXTS: Record<FirstStepId, FirstStepText> = {
  email: {
    title: 'メールアドレスの確認',
    todo: '登録時にお送りしたメールのリンクを開いてください（有効期限は60分です）。届かないときは、もう一度お送りします。',
    done: 'メールアドレスを確認しました。',
  },
  profile: {
    title: 'プロフィール',
    todo: 'お名前・自己紹介・お住まいの地域を入力すると、お店があなたを知ることができます。',
    done: 'プロフィールを保存しました。いつでも変えられます。',
    href: '/account-info#profile',
    action: 'プロフィールを入力する',
  },
  sns: {
    title: 'SNSアカウント',
    todo: '投稿に使うSNSアカウントを登録します。審査で承認されたアカウントのSNSの拡散依頼が届きます。',
    done: 'SNSアカウントを登録しました。',
    href: '/account-info#sns',
    action: 'SNSアカウントを登録する',
  },
  review: {
    title: '審査',
    todo: REVIEW_EXPLAINED,
    done: '審査が完了しました。拡散依頼が届くようになります。',
    href: '/beginner?type=focustar',
    action: '安心・安全ガイドを読む',
  },
  firstOffer: {
    title: '最初の拡散依頼',
    todo: '審査が終わると、お店から拡散依頼が届きます。引き受けて投稿し、承認されると報酬を受け取れます。',
    done: '最初の拡散依頼を引き受けました。',
    href: '/advertisements',
    action: '拡散依頼を確認する',
  },
  bank: {
    title: '振込先口座',
    todo: '報酬のお振込み先の口座を登録します。',
    done: '振込先口座を登録しました。',
    href: '/bank',
    action: '口座を登録する',
  },
};

export const RESEND_VERIFICATION_LABEL = '確認メールを再送信する';
export const SNS_WAITING_NOTE = '登録したアカウントは審査中です。';
export const REVIEW_REJECTED_NOTE = '審査の結果、現在はご利用いただけません。詳しくはお問い合わせください。';

/** Whether each step is done, in the order shown. */
export function firstSteps(user: FirstStepFacts): { id: FirstStepId; done: boolean }[] {
  const done: Record<FirstStepId, boolean> = {
    email: user.email_verified,
    profile: user.flag_status.savedFirstProfile,
    sns: user.sns_accounts_count > 0,
    review: user.status === SUPPORTER_APPROVED,
    firstOffer: user.flag_status.acceptedFirstAdvertising,
    bank: user.flag_status.registeredBankAccount,
  };
  return FIRST_STEP_IDS.map((id) => ({ id, done: done[id] }));
}
