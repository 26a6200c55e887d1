import type { SnsPlatform } from '../../../contracts/supporters.ts';
import type { Env } from '../../platform/env.ts';

/**
 * Ownership of an SNS account (issue 16, ADR 0090): the supporter writes a short code shown by us into
 * the account's bio, and the checker looks for it. It sits behind this interface because a real check
 * needs the internet (tests use a fake, and the default asks staff to look).
 */
export type OwnershipCheck = 'found' | 'not_found' | 'unavailable';

export interface OwnershipChecker {
  check(
    account: { platform: SnsPlatform; handle: string; profileUrl: string },
    code: string,
  ): Promise<OwnershipCheck>;
}

/** SNS_OWNERSHIP_CHECK=manual (default): no automatic check; staff open the profile and look for the code. */
export const manualOwnershipChecker: OwnershipChecker = {
  check: async () => 'unavailable',
};

/**
 * SNS_OWNERSHIP_CHECK=fetch: reads the public profile page over the internet and looks for the code.
 * NOTE: honest about its limits. Platforms often answer a login wall or a script-only page to servers;
 * the bio is only trusted when the page carries a description meta tag (where the platforms put it).
 * Without one, or when the request fails, the answer is `unavailable` and staff look by hand; the check
 * never claims `not_found` from a page it could not read.
 */
export function fetchOwnershipChecker(
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): OwnershipChecker {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async check(account, code) {
      let html: string;
      try {
        const res = await fetchImpl(account.profileUrl, {
          redirect: 'follow',
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
          headers: { 'User-Agent': 'FocustarOwnershipCheck/1.0', 'Accept-Language': 'ja' },
        });
        if (!res.ok) return 'unavailable';
        html = (await res.text()).slice(0, 2_000_000);
      } catch {
        return 'unavailable';
      }
      if (html.includes(code)) return 'found';
      const hasBio = /<meta[^>]+(?:property="og:description"|name="description")/i.test(html);
      return hasBio ? 'not_found' : 'unavailable';
    },
  };
}

export function createOwnershipChecker(env: Env): OwnershipChecker {
  return env.SNS_OWNERSHIP_CHECK === 'fetch' ? fetchOwnershipChecker() : manualOwnershipChecker;
}
