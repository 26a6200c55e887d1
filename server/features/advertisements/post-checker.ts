import {
  AD_MESSAGES,
  checkPostUrl,
  DISCLOSURES,
  type Platform,
  postPeriodError,
  postTimeOfUrl,
} from '../../../contracts/advertisements.ts';

/**
 * Issue 13 "Proof checks": whether a reported post exists and shows the disclosure. It sits behind an
 * interface so tests and development need no network (`fake`); the real one asks each platform's oEmbed
 * endpoint where one exists (X, TikTok; Instagram with a token). A platform without one, or an endpoint
 * that does not answer, leaves the judgement to the shop (`unknown`), never blocks a supporter.
 */
export interface PostCheck {
  /** false: the platform says there is no such post. */
  found: boolean;
  /** null: unknown (no oEmbed, or no text in it). */
  hasDisclosure: boolean | null;
  /** When the post was made, if the platform says (null: unknown). */
  postedAt: Date | null;
}

export interface PostChecker {
  check(platform: Platform, url: string): Promise<PostCheck>;
}

/** Accepts every URL and reports the disclosure present (tests, development). */
export const fakePostChecker: PostChecker = {
  async check() {
    return { found: true, hasDisclosure: true, postedAt: null };
  },
};

const UNKNOWN: PostCheck = { found: true, hasDisclosure: null, postedAt: null };

export function oembedPostChecker(options: {
  instagramToken?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): PostChecker {
  const get = options.fetch ?? fetch;
  const endpoint = (platform: Platform, url: string): string | null => {
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
        if (res.status === 404) return { found: false, hasDisclosure: null, postedAt: null };
        if (!res.ok) return UNKNOWN;
        const body = (await res.json()) as { html?: string; title?: string };
        const text = `${body.html ?? ''} ${body.title ?? ''}`;
        if (!text.trim()) return UNKNOWN;
        return { found: true, hasDisclosure: DISCLOSURES.some((d) => text.includes(d)), postedAt: null };
      } catch {
        return UNKNOWN;
      }
    },
  };
}

/**
 * Every check of a proof's post in one place (issue 13 "Proof checks", ADR 0064), in the order a
 * supporter can fix them: the URL (the unit's platform, a post, not a profile; canonical form), then what
 * the platform says (the post exists, shows the disclosure), then the date (within the unit's period:
 * from the URL's id where it carries the time, else from the checker). One post proving two units is the
 * database's check (unique canonical URL), done by the caller.
 */
export async function checkProof(
  checker: PostChecker,
  proof: {
    platform: Platform;
    postUrl: string;
    period: { startsOn: string | null; endsOn: string | null; offeredAt: Date };
  },
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const checked = checkPostUrl(proof.platform, proof.postUrl);
  if (!checked.ok) return checked;
  const seen = await checker.check(proof.platform, checked.url);
  if (!seen.found) return { ok: false, message: AD_MESSAGES.postNotFound };
  if (seen.hasDisclosure === false) return { ok: false, message: AD_MESSAGES.postNoDisclosure };
  const postedAt = postTimeOfUrl(proof.platform, checked.url) ?? seen.postedAt;
  const outside = postPeriodError(postedAt, proof.period);
  if (outside) return { ok: false, message: outside };
  return checked;
}
