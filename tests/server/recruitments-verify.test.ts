import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruitmentSchema } from '../../contracts/recruitments.ts';
import { verifyDraw } from '../../src/features/recruitments/verify-draw.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 15, rule 4: the browser's verify view (src/features/recruitments/verify-draw.ts, Web Crypto)
 * run against a draw the server made through its API, and against tampered copies of it.
 */
describe('the verify view recomputes a server draw with Web Crypto (issue 15, rule 4) [pglite]', () => {
  let t: TestApp;
  let published: ReturnType<typeof recruitmentSchema.parse>;

  beforeAll(async () => {
    t = await createAccountsApp('pglite');
    const staff = await loginAs(t, 'staff@example.com');
    // The demo recruitment being selected (選考中, three entries) is drawn here, through the API.
    const drawn = await staff.post('/api/recruitments/2/draw');
    expect(drawn.statusCode, drawn.body).toBe(200);
    published = recruitmentSchema.parse((await new TestClient(t.app).get('/api/recruitments/2')).json());
  });
  afterAll(() => t.close());

  const asDraw = (r: typeof published) => ({
    id: r.id,
    winners_count: r.winners_count,
    seed: r.seed!,
    seed_commitment: r.seed_commitment!,
    entry_ids: r.entry_ids!,
    entry_ids_hash: r.entry_ids_hash!,
    winner_entry_ids: r.winner_entry_ids!,
    declined_entry_ids: r.declined_entry_ids,
  });

  it('says the published draw matches', async () => {
    const check = await verifyDraw(asDraw(published), globalThis.crypto.subtle);
    expect(check).toMatchObject({
      commitmentMatches: true,
      entryIdsHashMatches: true,
      winnersMatch: true,
      matches: true,
    });
    expect(check.ranking.map((r) => r.entryId).slice(0, published.winners_count)).toEqual(
      published.winner_entry_ids,
    );
  });

  it('says it does not match when the seed, the frozen ids or the winners were changed', async () => {
    const draw = asDraw(published);
    const otherSeed = draw.seed.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await verifyDraw({ ...draw, seed: otherSeed })).commitmentMatches).toBe(false);
    expect((await verifyDraw({ ...draw, entry_ids: draw.entry_ids.slice(1) })).entryIdsHashMatches).toBe(
      false,
    );
    const loser = draw.entry_ids.find((e) => !draw.winner_entry_ids.includes(e))!;
    const swapped = await verifyDraw({
      ...draw,
      winner_entry_ids: [loser, ...draw.winner_entry_ids.slice(1)],
    });
    expect(swapped.winnersMatch).toBe(false);
    expect(swapped.matches).toBe(false);
    expect((await verifyDraw({ ...draw, seed: 'not-hex' })).matches).toBe(false);
  });
});
