import { DISCLOSURES, type Platform } from '../../../contracts/advertisements.ts';
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
