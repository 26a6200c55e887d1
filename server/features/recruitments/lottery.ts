import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The auditable lottery (issue 15 "Choosing winners", product design section 7): commit-reveal.
 * 1. at opening, a 32-byte secret seed; its commitment is sha256 of the raw bytes, hex;
 * 2. at the draw, the eligible entry ids in ascending numeric order, joined by ",", hashed (sha256 hex);
 * 3. rank = HMAC-SHA256(key = the raw seed, message = "{recruitmentId}:{entryId}") hex, ascending;
 * 4. the first N win; a redraw takes the next ranks. The seed is revealed after the draw.
 */

export interface SeedPair {
  seed: string;
  commitment: string;
}

export function newSeed(): SeedPair {
  const bytes = randomBytes(32);
  return { seed: bytes.toString('hex'), commitment: createHash('sha256').update(bytes).digest('hex') };
}

export const sortedIds = (ids: readonly number[]): number[] => [...ids].sort((a, b) => a - b);

export function entryIdsHash(ids: readonly number[]): string {
  return createHash('sha256').update(sortedIds(ids).join(','), 'utf8').digest('hex');
}

/** The entries in rank order: smallest HMAC first (hex strings of one length compare as numbers do). */
export function rankEntries(seedHex: string, recruitmentId: number, ids: readonly number[]): number[] {
  const key = Buffer.from(seedHex, 'hex');
  return ids
    .map((id) => ({
      id,
      rank: createHmac('sha256', key).update(`${recruitmentId}:${id}`, 'utf8').digest('hex'),
    }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id - b.id))
    .map((r) => r.id);
}
