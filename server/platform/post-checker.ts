import type { Env } from './env.ts';

/**
 * Whether a reported post exists and shows the disclosure (issue 13 "Proof checks", issue 15 "post URL,
 * same checks as units"). Feature-agnostic: support requests' units and recruitments' winners both ask
 * it, with the platform as a key (`x`, `instagram`, `tiktok`, …). It sits behind an interface so tests
 * and development need no network (`fake`); the real one asks each platform's oEmbed endpoint where one
 * exists (X, TikTok; Instagram with a token). A platform without one, or an endpoint that does not
 * answer, leaves the judgement to the shop (`unknown`), never blocks a supporter.
 */
export interface PostCheck {
  /** false: the platform says there is no such post. */
  found: boolean;
  /** null: unknown (no oEmbed, or no text in it). */
  hasDisclosure: boolean | null;
  /** When the post was made, if the platform says (absent or null: unknown; issue 13 post date check). */
  postedAt?: Date | null;
}

export interface PostChecker<P extends string = string> {
  check(platform: P, url: string): Promise<PostCheck>;
}

/** Product design section 7: the labels that show a requested post is an advertisement. */
export const POST_DISCLOSURES = ['#PR', '広告'] as const;

/** Accepts every URL and reports the disclosure present (tests, development). */
export const fakePostChecker: PostChecker = {
  async check() {
    return { found: true, hasDisclosure: true };
  },
};

const UNKNOWN: PostCheck = { found: true, hasDisclosure: null };

export function oembedPostChecker(options: {
  instagramToken?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
  disclosures?: readonly string[];
}): PostChecker {
  const get = options.fetch ?? fetch;
  const disclosures = options.disclosures ?? POST_DISCLOSURES;
  const endpoint = (platform: string, url: string): string | null => {
    const u = encodeURIComponent(url);
    if (platform === 'x') return `https://publish.twitter.com/oembed?omit_script=true&url=${u}`;
    if (platform === 'tiktok') return `https://www.tiktok.com/oembed?url=${u}`;
    if (platform === 'instagram' && options.instagramToken)
      return `https://graph.facebook.com/v19.0/instagram_oembed?url=${u}&access_token=${encodeURIComponent(options.instagramToken)}`;
    return null;
  };
  return {
    async check(platform, url) {
      const target = endpoint(platform, url);
      if (!target) return UNKNOWN;
      try {
        const res = await get(target, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
        if (res.status === 404) return { found: false, hasDisclosure: null };
        if (!res.ok) return UNKNOWN;
        const body = (await res.json()) as { html?: string; title?: string };
        const text = `${body.html ?? ''} ${body.title ?? ''}`;
        if (!text.trim()) return UNKNOWN;
        return { found: true, hasDisclosure: disclosures.some((d) => text.includes(d)) };
      } catch {
        return UNKNOWN;
      }
    },
  };
}

/** POST_CHECKER: `fake` outside production unless set; `oembed` in production unless set. */
export function postCheckerFromEnv(
  env: Pick<Env, 'POST_CHECKER' | 'NODE_ENV' | 'INSTAGRAM_OEMBED_TOKEN'>,
): PostChecker {
  const kind = env.POST_CHECKER ?? (env.NODE_ENV === 'production' ? 'oembed' : 'fake');
  return kind === 'oembed'
    ? oembedPostChecker({ instagramToken: env.INSTAGRAM_OEMBED_TOKEN })
    : fakePostChecker;
}
