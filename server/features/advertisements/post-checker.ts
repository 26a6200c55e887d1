import {
  AD_MESSAGES,
  checkPostUrl,
  DISCLOSURES,
  type Platform,
  postPeriodError,
  postTimeOfUrl,
} from '../../../contracts/advertisements.ts';
import {
  fakePostChecker as sharedFake,
  oembedPostChecker as sharedOembed,
  type PostChecker as SharedPostChecker,
} from '../../platform/post-checker.ts';

/**
 * Issue 13 "Proof checks": the platform's post checker (server/platform/post-checker.ts, shared with
 * recruitments since issue 15), typed with this feature's platforms and disclosures.
 */
export type { PostCheck } from '../../platform/post-checker.ts';
export type PostChecker = SharedPostChecker<Platform>;

export const fakePostChecker: PostChecker = sharedFake;

export function oembedPostChecker(options: {
  instagramToken?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): PostChecker {
  return sharedOembed({ ...options, disclosures: DISCLOSURES });
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
  const postedAt = postTimeOfUrl(proof.platform, checked.url) ?? seen.postedAt ?? null;
  const outside = postPeriodError(postedAt, proof.period);
  if (outside) return { ok: false, message: outside };
  return checked;
}
