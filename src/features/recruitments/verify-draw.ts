/**
 * The browser's own check of a published draw (issue 15, rule 4): it recomputes, with Web Crypto, the
 * seed's commitment, the hash of the frozen entry ids and the ranking, from the fields that
 * `GET /api/recruitments/{id}` publishes, and says whether each matches. It uses nothing of the server.
 */

export interface PublishedDraw {
  id: number;
  winners_count: number;
  seed: string;
  seed_commitment: string;
  entry_ids: number[];
  entry_ids_hash: string;
  winner_entry_ids: number[];
  declined_entry_ids: number[] | null;
}

export interface RankedEntry {
  entryId: number;
  rank: string;
  /** 1-based position in the ranking. */
  place: number;
}

export interface DrawCheck {
  seedIsValid: boolean;
  commitment: string;
  commitmentMatches: boolean;
  entryIdsHash: string;
  entryIdsHashMatches: boolean;
  ranking: RankedEntry[];
  /** The winners expected: the first N ranks, plus one further rank for each winner who declined. */
  expectedWinners: number[];
  winnersMatch: boolean;
  /** Everything matches. */
  matches: boolean;
}

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

function bytesOfHex(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(value)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) out[i] = parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function verifyDraw(draw: PublishedDraw, subtle: SubtleCrypto = globalThis.crypto.subtle) {
  const encoder = new TextEncoder();
  const seed = bytesOfHex(draw.seed);
  const ascending = [...draw.entry_ids].sort((a, b) => a - b);
  const entryIdsHash = hex(await subtle.digest('SHA-256', encoder.encode(ascending.join(','))));
  if (!seed) {
    return {
      seedIsValid: false,
      commitment: '',
      commitmentMatches: false,
      entryIdsHash,
      entryIdsHashMatches: entryIdsHash === draw.entry_ids_hash,
      ranking: [],
      expectedWinners: [],
      winnersMatch: false,
      matches: false,
    } satisfies DrawCheck;
  }
  const commitment = hex(await subtle.digest('SHA-256', seed));
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const ranked = await Promise.all(
    ascending.map(async (entryId) => ({
      entryId,
      rank: hex(await subtle.sign('HMAC', key, encoder.encode(`${draw.id}:${entryId}`))),
    })),
  );
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  const ranking = ranked.map((r, i) => ({ ...r, place: i + 1 }));
  const declined = draw.declined_entry_ids ?? [];
  const expectedWinners = ranking.slice(0, draw.winners_count + declined.length).map((r) => r.entryId);
  const winnersMatch =
    expectedWinners.length === draw.winner_entry_ids.length &&
    expectedWinners.every((id, i) => draw.winner_entry_ids[i] === id);
  const commitmentMatches = commitment === draw.seed_commitment;
  const entryIdsHashMatches = entryIdsHash === draw.entry_ids_hash;
  return {
    seedIsValid: true,
    commitment,
    commitmentMatches,
    entryIdsHash,
    entryIdsHashMatches,
    ranking,
    expectedWinners,
    winnersMatch,
    matches: commitmentMatches && entryIdsHashMatches && winnersMatch,
  } satisfies DrawCheck;
}
