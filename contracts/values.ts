/**
 * Plain values of the contracts, without zod: the SPA's first screen needs these few words and must not
 * load zod to get them (ADR 0038). The feature contracts re-export them, so each is still written once.
 */

/** Seed spec section 5: the id rule's exact message. */
export const ID_MESSAGE = 'IDは1以上の整数である必要があります';

/** The one summary of a rejected form (a 422 answer); each field's own messages show next to it. */
export const VALIDATION_SUMMARY = '入力内容に誤りがあります。各項目をご確認ください。';

/** Company paid_status values (section 4 / product design section 2). */
export const PAID_STATUS = {
  underReview: '審査中',
  unavailable: '利用不可',
  availableNotTrading: '利用可能（取引なし）',
  availableTrading: '利用可能（取引あり）',
} as const;

/** Section 4: "A shop whose review status text is … is under review" (the exact text compared). */
export const SHOP_UNDER_REVIEW_STATUS = '審査待ち（審査完了後に拡散依頼が可能になります）';

/** OAuth cookies (section 3 and 9): mode and error type. */
export const OAUTH_MODE_COOKIE = '__Host-oauth_mode';
export const OAUTH_ERROR_COOKIE = '__Host-oauth_error';

/** Issue 10 (tokens in the browser): the login form's "remember me" and what it means. */
export const REMEMBER_LABEL = 'ログインしたままにする';
export const REMEMBER_HINT =
  'オンにすると、この端末では最長14日間ログインしたままになります。共用の端末ではオフにしてください。';

/* The first paint of a prerendered page (issue 11, ADR 0155): what the server that writes the page and
 * the client that takes it over agree on. The page's inline script is the server's
 * (server/platform/first-paint.ts). */

/** Seed spec section 3: the browser keeps the access token under this key (localStorage). */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** The attribute of the root element that holds a prerendered page. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Issue 25 (13): the window property where a prerendered page keeps the buttons pressed and forms sent
 * before the app has taken the page over; the app replays them (src/platform/lib/earlyInput.ts).
 */
export const EARLY_INPUT_KEY = '__earlyInput';

/**
 * Issue 29 (ADR 0190): the window property where every page's first inline script keeps the start-up
 * refresh and `GET /api/me` it began for a browser with a session, before the app's scripts arrived
 * (server/platform/first-paint.ts); the app takes them over once (src/platform/session/early-session.ts).
 */
export const EARLY_SESSION_KEY = '__earlySession';

/** Seed spec section 3: the browser keeps the session store (login, user, role, shop) under this key. */
export const SESSION_STORE_STORAGE_KEY = 'store';

/**
 * Issue 29 (ADR 0203): the first reads of a returning visitor's screen that the page's first inline script
 * begins beside `GET /api/me`, per path and per mode the session store remembers (`role`, signed in only).
 * Each is a GET the screen makes at once, without a query, whatever the user's answer says: `/` in
 * advertiser mode is the shop switch (`GET /api/myShops`); a supporter's `/advertisements` lists their units
 * and balance, their `/history` their payouts and rewards, and an owner's `/history` the shop's billing
 * (ADR 0214). The request layer takes each over once, for the token the early refresh gave
 * (src/platform/session/early-session.ts).
 */
export const EARLY_READS: Readonly<
  Record<string, Readonly<Partial<Record<'focustar' | 'shop', readonly string[]>>>>
> = {
  '/': { shop: ['/api/myShops'] },
  '/advertisements': { focustar: ['/api/units', '/api/rewards'] },
  '/history': { focustar: ['/api/payments', '/api/rewards'], shop: ['/api/billing'] },
};

/** The element whose JSON is the public configuration (`GET /api/config`'s answer) in every page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/** The element whose JSON is the answers the server gave ahead for the first calls of a guest's page (ADR 0156). */
export const EMBEDDED_ANSWERS_ELEMENT_ID = 'embedded-answers';

/** One answer given ahead (ADR 0156): a GET of `path` with `query`, and its JSON. */
export interface EmbeddedAnswer {
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** A guest page as the prerender worker renders it (src/app/prerender/render.tsx, ADR 0155). */
export interface PrerenderedPage {
  path: string;
  /** The markup of the root element, as React renders it for a guest before any data has arrived. */
  html: string;
  /** The styles that markup uses (the stitches sheet, with the global styles). */
  css: string;
  title: string;
  description: string;
}

/**
 * Issue 29 (ADR 0200): the frame the app first draws for a visitor with a session while it signs them back
 * in (header, the page's theme, the start-up spinner), rendered once per theme for the routes in `paths`.
 * Every page carries it, shown only to a visitor with a session until the app draws its own first screen.
 */
export interface SessionFrame {
  paths: string[];
  html: string;
  css: string;
}

/** The element that holds the session frame (after the root element), and the style element of its CSS. */
export const SESSION_FRAME_ID = 'session-frame';
export const SESSION_FRAME_STYLE_ID = 'session-frame-style';

/** What the prerender worker posts back: each page, or why it could not render it; and the frames. */
export interface PrerenderAnswer {
  pages: (PrerenderedPage | { path: string; error: string })[];
  frames: SessionFrame[];
}

/**
 * Issue 29 (ADR 0198): asked of the prerender worker once it has answered: `path` rendered again, as a guest
 * whose page came with `answers` (the screen draws its data, not its loading state). `id` pairs the answer.
 */
export interface PrerenderRequest {
  id: number;
  path: string;
  answers: EmbeddedAnswer[];
}

/** The worker's answer to a `PrerenderRequest`. */
export type PrerenderReply = { id: number; page: PrerenderedPage } | { id: number; error: string };

/**
 * ADR 0198: on the page's `<script id="embedded-answers">` when the page's HTML was rendered with those
 * answers, so the app, taking the page over, draws them at once as the HTML does (src/platform/request/embedded.ts).
 */
export const RENDERED_WITH_ANSWERS_ATTRIBUTE = 'data-rendered';
