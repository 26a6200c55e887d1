import http from 'node:http';
import https from 'node:https';

/**
 * Whether a reported post exists, who wrote it and what it says (issue 13 "Proof checks", issue 23 "Proofs").
 * Feature-agnostic: support requests' units and recruitments' winners both ask it, with the platform as a
 * key (`x`, `instagram`, `tiktok`, `line_voom`). There is one implementation, the platforms' oEmbed
 * endpoints; development and tests point it at the local stand-in (server/platform/sns-standin.ts) through
 * `SNS_OEMBED_URL`, as the payments code points at the Stripe stand-in. Unknown is never yes (ADR 0162): a
 * platform without oEmbed (LINE VOOM), Instagram without a token, a timeout or a server error answer
 * `unknown`, and the caller leaves the judgement to a person.
 */
export interface PostCheck {
  /** found: the platform shows the post; gone: it says there is none (or nobody may see it); unknown. */
  status: 'found' | 'gone' | 'unknown';
  /** false only when the platform says there is no such post (kept for the recruitments' checks). */
  found: boolean;
  /** Whether the text begins with the disclosure; null: unknown (no text). */
  hasDisclosure: boolean | null;
  /** The author's handle as the platform names it (without @), when it does. */
  author?: string | null;
  /** The post's text (caption), when the platform gives it. */
  text?: string | null;
  /** The addresses in the post: link targets and the links as shown. */
  links?: string[];
  /** When the post was made, if the platform says (absent or null: unknown; issue 13 post date check). */
  postedAt?: Date | null;
}

export interface PostChecker<P extends string = string> {
  check(platform: P, url: string): Promise<PostCheck>;
}

/** Product design section 7: the labels that show a requested post is an advertisement. */
export const POST_DISCLOSURES = ['#PR', '広告'] as const;

export const UNKNOWN_POST: PostCheck = { status: 'unknown', found: true, hasDisclosure: null };
const GONE: PostCheck = { status: 'gone', found: false, hasDisclosure: null };

/** The author's handle written in a post's address, where the platform writes one (X, TikTok); else null. */
export function authorInPostUrl(platform: string, canonicalUrl: string): string | null {
  let path: string;
  try {
    path = new URL(canonicalUrl).pathname;
  } catch {
    return null;
  }
  if (platform === 'x') return /^\/([A-Za-z0-9_]{1,15})\/status/.exec(path)?.[1] ?? null;
  if (platform === 'tiktok') return /^\/@([A-Za-z0-9_.]{1,30})\//.exec(path)?.[1] ?? null;
  return null;
}

/** Handles compare without @ and case (X and Instagram handles are case-insensitive). */
export const sameHandle = (a: string, b: string) =>
  a.replace(/^@/, '').toLowerCase() === b.replace(/^@/, '').toLowerCase();

/** The first word is the disclosure (product design section 8), after leading blanks. */
export function beginsWithDisclosure(
  text: string,
  disclosures: readonly string[] = POST_DISCLOSURES,
): boolean {
  const t = text.replace(/^[\s\u3000]+/u, '');
  return disclosures.some((d) => t.startsWith(d) && !/^[\p{L}\p{N}_]/u.test(t.slice(d.length)));
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
};
function decode(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m);
}
const textOfHtml = (html: string) =>
  decode(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/[ \t]+\n/g, '\n'),
  ).trim();
const linksOfHtml = (html: string) => [
  ...[...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!)),
  ...[...html.matchAll(/<a\b[^>]*>([^<]*)<\/a>/g)].map((m) => decode(m[1]!)),
];
/** The last path segment of a profile address: `https://twitter.com/hanako` -> hanako, `/@sho` -> sho. */
const handleOfProfile = (url: unknown): string | null => {
  if (typeof url !== 'string') return null;
  try {
    const seg = new URL(url).pathname.split('/').filter(Boolean)[0];
    return seg ? seg.replace(/^@/, '') : null;
  } catch {
    return null;
  }
};

interface OembedBody {
  html?: string;
  title?: string;
  author_name?: string;
  author_url?: string;
  author_unique_id?: string;
  error?: { code?: number };
}

/** What each platform's answer says, read as that platform writes it. */
function readAnswer(platform: string, body: OembedBody, disclosures: readonly string[]): PostCheck {
  const html = body.html ?? '';
  let text: string | null = null;
  let author: string | null = null;
  if (platform === 'x') {
    // <blockquote><p>TEXT</p>&mdash; Name (@handle) <a href="…/status/…">date</a></blockquote>
    const p = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html);
    text = p ? textOfHtml(p[1]!) : null;
    author = handleOfProfile(body.author_url);
  } else if (platform === 'tiktok') {
    text = body.title ?? null;
    author = body.author_unique_id ?? handleOfProfile(body.author_url);
  } else if (platform === 'instagram') {
    // Graph API's instagram_oembed: the caption is in the embed's HTML, the author in author_name (or the
    // embed's "(@handle)" line when Meta leaves author_name out).
    const caption = /<p\b[^>]*data-caption[^>]*>([\s\S]*?)<\/p>/i.exec(html);
    text = caption ? textOfHtml(caption[1]!) : (body.title ?? null);
    author = body.author_name ?? /\(@([A-Za-z0-9_.]{1,30})\)/.exec(html)?.[1] ?? null;
  }
  const links = platform === 'x' ? linksOfHtml(/<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? '') : [];
  return {
    status: 'found',
    found: true,
    hasDisclosure: text === null ? null : beginsWithDisclosure(text, disclosures),
    author,
    text,
    links,
  };
}

/** Where each platform answers oEmbed; with `baseUrl` (the stand-in), under it by platform. */
function endpointOf(
  platform: string,
  url: string,
  options: { baseUrl?: string | undefined; instagramToken?: string | undefined },
) {
  const u = encodeURIComponent(url);
  const base = options.baseUrl?.replace(/\/+$/, '');
  if (platform === 'x')
    return `${base ? `${base}/x` : 'https://publish.twitter.com'}/oembed?omit_script=true&url=${u}`;
  if (platform === 'tiktok') return `${base ? `${base}/tiktok` : 'https://www.tiktok.com'}/oembed?url=${u}`;
  if (platform === 'instagram' && options.instagramToken)
    return `${base ? `${base}/instagram` : 'https://graph.facebook.com/v19.0'}/instagram_oembed?url=${u}&access_token=${encodeURIComponent(options.instagramToken)}`;
  return null;
}

/** Whether the platform's answer says the post does not exist (or nobody may see it). */
function saysGone(platform: string, status: number, body: OembedBody | null): boolean {
  if (status === 404) return true;
  if (platform === 'x') return status === 403; // a protected or withheld post: nobody else sees it
  if (platform === 'tiktok') return status === 400;
  if (platform === 'instagram') return status === 400 && body?.error?.code === 100;
  return false;
}

/** An oEmbed answer is a few KB; more is not one. */
const MAX_ANSWER_BYTES = 1_000_000;
const REDIRECTS = 3;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * GET a JSON answer over kept-alive connections, within `timeoutMs` in all (a few redirects followed), with
 * its status; a body that is not JSON is null. Issue 29: `fetch` cost a proof 0.21 ms of the server's CPU
 * (WHATWG streams and headers around the same HTTP/1.1 request); this costs about half of it.
 */
export function getJson(target: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  // Monotonic: a test's (or an operator's) change of the wall clock must not move the deadline.
  const deadline = performance.now() + timeoutMs;
  const once = (address: URL, redirects: number): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const protocol = address.protocol === 'https:' ? 'https:' : 'http:';
      const request = (protocol === 'https:' ? https : http).get(
        address,
        { agent: agents[protocol], headers: { accept: 'application/json' } },
        (res) => {
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          if (status >= 300 && status < 400 && location && redirects > 0) {
            res.resume();
            clearTimeout(timer);
            once(new URL(location, address), redirects - 1).then(resolve, reject);
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) request.destroy(new Error('answer too large'));
            else chunks.push(chunk);
          });
          res.on('end', () => {
            clearTimeout(timer);
            let body: unknown = null;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // not JSON: null, as `fetch`'s `json()` failing was
            }
            resolve({ status, body });
          });
          res.on('error', (err) => {
            clearTimeout(timer);
            reject(err);
          });
        },
      );
      const timer = setTimeout(
        () => request.destroy(new Error('timed out')),
        Math.max(0, deadline - performance.now()),
      );
      request.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  return once(new URL(target), REDIRECTS);
}

export function oembedPostChecker(options: {
  /** The stand-in's address (development, tests); unset: the platforms themselves. */
  baseUrl?: string | undefined;
  instagramToken?: string | undefined;
  timeoutMs?: number;
  disclosures?: readonly string[];
}): PostChecker {
  const disclosures = options.disclosures ?? POST_DISCLOSURES;
  return {
    async check(platform, url) {
      const target = endpointOf(platform, url, options);
      if (!target) return UNKNOWN_POST;
      try {
        const res = await getJson(target, options.timeoutMs ?? 5000);
        const body = (res.body && typeof res.body === 'object' ? res.body : null) as OembedBody | null;
        if (saysGone(platform, res.status, body)) return GONE;
        if (res.status < 200 || res.status >= 300 || !body) return UNKNOWN_POST;
        return readAnswer(platform, body, disclosures);
      } catch {
        return UNKNOWN_POST;
      }
    },
  };
}
