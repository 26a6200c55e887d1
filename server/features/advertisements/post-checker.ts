import {
  AD_MESSAGES,
  checkPostUrl,
  LINK_PLATFORMS,
  type Platform,
  type PostCheckResult,
  postPeriodError,
  postTimeOfUrl,
} from '../../../contracts/advertisements.ts';
import {
  authorInPostUrl,
  type PostChecker as SharedPostChecker,
  sameHandle,
} from '../../platform/post-checker.ts';

/**
 * Issue 13 "Proof checks", issue 23 "Proofs": the platform's post checker (server/platform/post-checker.ts,
 * shared with recruitments), typed with this feature's platforms.
 */
export type { PostCheck } from '../../platform/post-checker.ts';
export type PostChecker = SharedPostChecker<Platform>;

export interface ProofToCheck {
  platform: Platform;
  postUrl: string;
  /** The unit's SNS account handle (null: a unit made before the rule, no author check). */
  handle: string | null;
  /** The unit's tracking link, e.g. https://focustar.example/s/abc123 (platforms that carry links). */
  shortUrl: string | null;
  /** The request's hashtags, without # (platforms that do not carry links). */
  hashtags: readonly string[];
  period: { startsOn: string | null; endsOn: string | null; offeredAt: Date };
}

/**
 * Every check of a proof's post in one place (product design section 8, ADR 0162), in the order a supporter
 * can fix them: the address (the unit's platform, a post, not a profile; the author in it), then what the
 * platform says (the post exists, by the unit's account, begins with the disclosure, carries the tracking
 * link or the request's hashtags), then the date. Unknown is not yes: a platform that cannot be asked
 * answers `check: 'unknown'`, and the shop judges. One post proving two units is the database's check.
 */
export async function checkProof(
  checker: PostChecker,
  proof: ProofToCheck,
): Promise<
  { ok: true; url: string; check: PostCheckResult } | { ok: false; message: string; wrongAuthor?: string }
> {
  const checked = checkPostUrl(proof.platform, proof.postUrl);
  if (!checked.ok) return checked;
  const message = proof.handle ? AD_MESSAGES.wrongAuthor(proof.platform, proof.handle) : '';
  // `wrongAuthor`: whose post it was (a fraud signal when it repeats, issue 24).
  const wrongAuthor = (by: string) => ({ ok: false as const, message, wrongAuthor: by });
  const inUrl = authorInPostUrl(proof.platform, checked.url);
  if (proof.handle && inUrl && !sameHandle(inUrl, proof.handle)) return wrongAuthor(inUrl);
  const seen = await checker.check(proof.platform, checked.url);
  if (seen.status === 'gone') return { ok: false, message: AD_MESSAGES.postNotFound };
  let check: PostCheckResult = 'unknown';
  if (seen.status === 'found') {
    if (proof.handle && seen.author && !sameHandle(seen.author, proof.handle))
      return wrongAuthor(seen.author);
    if (typeof seen.text === 'string') {
      if (!seen.hasDisclosure) return { ok: false, message: AD_MESSAGES.disclosureNotFirst };
      const said = [seen.text, ...(seen.links ?? [])].join('\n').toLowerCase();
      if (LINK_PLATFORMS.includes(proof.platform)) {
        const path = proof.shortUrl ? new URL(proof.shortUrl).pathname.toLowerCase() : null;
        if (proof.shortUrl && path && !said.includes(path))
          return { ok: false, message: AD_MESSAGES.linkMissing(proof.shortUrl) };
      } else {
        const missing = proof.hashtags.filter((t) => !said.includes(`#${t.toLowerCase()}`));
        if (missing.length) return { ok: false, message: AD_MESSAGES.hashtagsMissing(proof.hashtags) };
      }
      // Who wrote it and what it says are known only when the platform named the author too.
      check = seen.author || inUrl || !proof.handle ? 'ok' : 'unknown';
    }
  }
  const postedAt = postTimeOfUrl(proof.platform, checked.url) ?? seen.postedAt ?? null;
  const outside = postPeriodError(postedAt, proof.period);
  if (outside) return { ok: false, message: outside };
  return { ok: true, url: checked.url, check };
}
