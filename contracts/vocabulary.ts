/**
 * Product design section 8 "Vocabulary" (issue 25 (9), ADR 0159): one term per concept, everywhere. Screens,
 * mails and messages take their words from here; tests/foundation/vocabulary.test.ts finds the retired
 * ones in the screens' text.
 */
export const WORDS = {
  /** What a supporter earns for a post; its states below. */
  reward: '報酬',
  /** A request of a shop to spread a post (an advertisement). */
  supportRequest: '拡散依頼',
  post: '投稿',
  /** A shop's recruitment of people who try it and post (formerly お試しサポート). */
  monitorRecruitment: 'モニター募集',
  /** The person who supports shops. */
  supporter: 'フォーカスター',
  /** The shop; 広告主 only when speaking of the role (広告主モード). */
  shop: 'お店',
  advertiserRole: '広告主',
  /** The operators of Focustar. */
  operators: '運営',
} as const;

/** A reward's states as a supporter reads them (product design section 8). */
export const REWARD_STATE_WORDS = {
  holding: '確定待ち',
  confirmed: '確定',
  paid: 'お振込み済み',
} as const;

/** Platform names as the platforms write them. */
export const PLATFORM_NAMES = {
  x: 'X',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  threads: 'Threads',
  line_voom: 'LINE VOOM',
  facebook: 'Facebook',
} as const;

export type PlatformKey = keyof typeof PLATFORM_NAMES;
const PLATFORM_ORDER = Object.keys(PLATFORM_NAMES) as PlatformKey[];

/**
 * Issue 25 (9): a list of platforms in words, always in the order above (X first, LINE VOOM before
 * Facebook), whatever order the caller's list has: 「X・Instagram・TikTok・LINE VOOM」.
 */
export function platformList(keys: readonly PlatformKey[], separator = '・'): string {
  return PLATFORM_ORDER.filter((k) => keys.includes(k))
    .map((k) => PLATFORM_NAMES[k])
    .join(separator);
}

/** Words no screen says any more, with the word that replaced each. */
export const RETIRED_WORDS = [
  { word: 'お小遣い', use: WORDS.reward },
  { word: 'お試しサポート', use: WORDS.monitorRecruitment },
  { word: '旧Twitter', use: PLATFORM_NAMES.x },
  { word: '未払いの報酬', use: `${REWARD_STATE_WORDS.confirmed}した${WORDS.reward}` },
  { word: '未払い報酬', use: `${REWARD_STATE_WORDS.confirmed}した${WORDS.reward}` },
] as const;
