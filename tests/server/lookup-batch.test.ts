import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contracts/accounts.ts';
import { LookupBatcher } from '../../server/platform/db/batch.ts';
import { createShortLink, resolveShortLinks } from '../../server/platform/short-links.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';

/**
 * ADR 0153 (issue 17, bench:api): the lookups of one turn of the event loop go to the database as one
 * query. The batcher itself, then what must hold through it: every call gets its own answer (a mix-up
 * would show one user another's data), a revoked token is refused in the same batch as valid ones.
 */
describe('LookupBatcher (ADR 0153)', () => {
  /** A load that answers `value:<key>` (null for keys starting with "none") and records its batches. */
  const recording = () => {
    const batches: string[][] = [];
    const batcher = new LookupBatcher<string, string>(
      async (keys) => {
        batches.push([...keys]);
        return keys.map((k) => (k.startsWith('none') ? null : `value:${k}`));
      },
      (k) => k,
      4,
    );
    return { batches, batcher };
  };

  it('asks once for the keys of one turn, each equal key once, and answers each caller its own value', async () => {
    const { batches, batcher } = recording();
    const answers = await Promise.all(['a', 'b', 'a', 'none-1'].map((k) => batcher.get(k)));
    expect(answers).toEqual(['value:a', 'value:b', 'value:a', null]);
    expect(batches).toEqual([['a', 'b', 'none-1']]);
  });

  it('sends a full batch at once and the rest with the turn; a later lookup reads again', async () => {
    const { batches, batcher } = recording();
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => batcher.get(k)));
    expect(batches).toEqual([
      ['a', 'b', 'c', 'd'],
      ['e', 'f'],
    ]);
    expect(await batcher.get('a')).toBe('value:a');
    expect(batches).toHaveLength(3);
  });

  it('a failed load fails every caller of its batch, and the next batch is asked afresh', async () => {
    let fail = true;
    const batcher = new LookupBatcher<string, string>(
      async (keys) => {
        if (fail) throw new Error('database gone');
        return keys.map((k) => k.toUpperCase());
      },
      (k) => k,
    );
    const results = await Promise.allSettled([batcher.get('x'), batcher.get('y')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.get('x')).toBe('X');
  });
});

for (const kind of DB_KINDS) {
  describe(`lookups of one turn, through the app [${kind}] (ADR 0153)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    it('concurrent GET /api/me of several users each answer their own user; a logged-out token among them gets 401 (seed spec section 7)', async () => {
      const emails = [
        'supporter@example.com',
        'owner@example.com',
        'staff@example.com',
        'fan1@example.com',
        'fan2@example.com',
        'fan3@example.com',
      ];
      const clients = await Promise.all(emails.map((email) => loginAs(t, email)));
      const ids = await Promise.all(emails.map((email) => userIdOf(t, email)));
      const gone = await loginAs(t, 'admin@example.com');
      expect((await gone.post('/api/logout')).statusCode).toBe(200);

      // Each client three times, interleaved, and the logged-out one in the middle of them.
      const calls = [...clients, gone, ...clients, ...clients].map((c) => c.get('/api/me'));
      const answers = await Promise.all(calls);
      const expected = [...ids, null, ...ids, ...ids];
      answers.forEach((res, i) => {
        const id = expected[i];
        if (id === null) {
          expect(res.statusCode).toBe(401);
        } else {
          expect(res.statusCode, res.body).toBe(200);
          expect(userSchema.parse(res.json()).id).toBe(id);
        }
      });
    });

    it('the links of several codes read at once answer in their order; an unknown or malformed code is none', async () => {
      const a = await createShortLink(t.database.db, { targetUrl: 'https://example.com/a', purpose: 'test' });
      const b = await createShortLink(t.database.db, { targetUrl: 'https://example.com/b', purpose: 'test' });
      const links = await resolveShortLinks(t.database.db, [
        b.code,
        'ZZZZZZZZZZ',
        a.code,
        'bad code!',
        b.code,
      ]);
      expect(links.map((l) => l?.targetUrl ?? null)).toEqual([
        'https://example.com/b',
        null,
        'https://example.com/a',
        null,
        'https://example.com/b',
      ]);
    });

    it('issue 29: one code read alone (its own statement) answers the same, also for a malformed code beside it', async () => {
      const a = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/one',
        purpose: 'test',
      });
      expect(await resolveShortLinks(t.database.db, [a.code])).toEqual([
        { id: a.id, targetUrl: 'https://example.com/one', disabled: false },
      ]);
      expect(await resolveShortLinks(t.database.db, ['bad code!', a.code])).toEqual([
        null,
        { id: a.id, targetUrl: 'https://example.com/one', disabled: false },
      ]);
      expect(await resolveShortLinks(t.database.db, ['ZZZZZZZZZY'])).toEqual([null]);
    });
  });
}
