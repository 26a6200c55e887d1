import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE_MESSAGES,
  roleChangeResponseSchema,
  supporterDetailSchema,
  type UserRoleName,
} from '../../../contracts/supporters.ts';
import { hashPassword } from '../../../server/features/accounts/passwords.ts';
import { users } from '../../../server/features/accounts/schema.ts';
import { rowsOf } from '../../../server/platform/db/client.ts';
import { createTestApp, type TestApp, TestClient } from '../../support/app.ts';
import { DB_KINDS } from '../../support/db.ts';
import { JAPANESE } from '../helpers.ts';

/** Issue 24 "Role changes": PUT /api/users/{id}/role. */

const PASSWORD = 'role-change-pass-2026';
const ROLE_IDS: Record<UserRoleName, number> = { admin: 1, staff: 2, focustar: 3 };

for (const kind of DB_KINDS) {
  describe(`issue 24 role changes [${kind}]`, () => {
    let t: TestApp;
    let hash: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      hash = await hashPassword(PASSWORD);
    }, 180_000);
    afterAll(() => t?.close());

    /** A user of its own with the given role (roles are ids 1, 2, 3 of migration 0001). */
    async function newUser(role: UserRoleName): Promise<{ id: number; email: string }> {
      const email = `role-${randomBytes(5).toString('hex')}@example.com`;
      const [row] = await t.database.db
        .insert(users)
        .values({
          email,
          passwordHash: hash,
          name: `役割 ${role}`,
          screenName: `role${randomBytes(5).toString('hex')}`,
          roleId: ROLE_IDS[role],
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      return { id: row!.id, email };
    }

    /** Signed in through the real login (its own IP, so no test spends another's budget). */
    async function signedIn(email: string): Promise<TestClient> {
      const client = new TestClient(t.app);
      const res = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: PASSWORD },
        remoteAddress: `10.77.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      client.token = res.json().access_token;
      return client;
    }

    const roleOf = async (id: number) =>
      String(
        rowsOf<{ name: string }>(
          await t.database.db.execute(
            sql`select r.name from users u join roles r on r.id = u.role_id where u.id = ${id}`,
          ),
        )[0]!.name,
      );

    /** Leaves exactly the given admins (others of earlier tests become staff), so "the last admin" is real. */
    async function onlyAdmins(ids: number[]): Promise<void> {
      await t.database.db.execute(
        sql`update users set role_id = ${ROLE_IDS.staff} where role_id = ${ROLE_IDS.admin} and not (id = any(${`{${ids.join(',')}}`}::int[]))`,
      );
    }

    it('issue 24 roles: an admin makes a supporter staff; the answer and the detail say so in Japanese', async () => {
      const admin = await signedIn((await newUser('admin')).email);
      const user = await newUser('focustar');
      const res = await admin.put(`/api/users/${user.id}/role`, { role: 'staff' });
      expect(res.statusCode, res.body).toBe(200);
      const body = roleChangeResponseSchema.strict().parse(res.json());
      expect(body).toEqual({
        user_id: user.id,
        role: 'staff',
        changed: true,
        message: ROLE_MESSAGES.changed('staff'),
      });
      expect(body.message).toMatch(JAPANESE);
      expect(await roleOf(user.id)).toBe('staff');
      // Recorded in the change's transaction (the audit log, ADR 0164): who, what, before and after.
      const audited = rowsOf<{ action: string; changes: unknown }>(
        await t.database.db.execute(
          sql`select action, changes from audit_log where target_table = 'users' and target_id = ${String(user.id)}`,
        ),
      );
      expect(audited).toEqual([
        { action: 'user.role', changes: { role: { before: 'focustar', after: 'staff' } } },
      ]);
      const detail = supporterDetailSchema.parse((await admin.get(`/api/users/${user.id}`)).json());
      expect(detail.role).toBe('staff');
      // The same role again changes nothing and says so.
      const again = roleChangeResponseSchema.parse(
        (await admin.put(`/api/users/${user.id}/role`, { role: 'staff' })).json(),
      );
      expect(again).toMatchObject({ changed: false, message: ROLE_MESSAGES.unchanged('staff') });
    });

    it("issue 24 roles: the user's next request already runs with the new role (a demoted staff member is refused)", async () => {
      const admin = await signedIn((await newUser('admin')).email);
      const staffUser = await newUser('staff');
      const staff = await signedIn(staffUser.email);
      expect((await staff.get('/api/users')).statusCode).toBe(200);
      expect((await admin.put(`/api/users/${staffUser.id}/role`, { role: 'focustar' })).statusCode).toBe(200);
      // The same token, the very next call: refused.
      const refused = await staff.get('/api/users');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(JAPANESE);
      // And the other way round: promoted, the next call passes.
      expect((await admin.put(`/api/users/${staffUser.id}/role`, { role: 'staff' })).statusCode).toBe(200);
      expect((await staff.get('/api/users')).statusCode).toBe(200);
    });

    it('issue 24 roles: only admins change roles (staff and supporters 403, guests 401); nothing changes', async () => {
      const target = await newUser('focustar');
      const staff = await signedIn((await newUser('staff')).email);
      const supporter = await signedIn((await newUser('focustar')).email);
      for (const [client, status] of [
        [staff, 403],
        [supporter, 403],
        [new TestClient(t.app), 401],
      ] as const) {
        for (const role of ['admin', 'staff'] as const) {
          const res = await client.put(`/api/users/${target.id}/role`, { role });
          expect(res.statusCode).toBe(status);
          if (status === 403) expect(res.json().message).toMatch(JAPANESE);
        }
      }
      // A staff member may not promote themselves either.
      const self = await newUser('staff');
      const selfClient = await signedIn(self.email);
      expect((await selfClient.put(`/api/users/${self.id}/role`, { role: 'admin' })).statusCode).toBe(403);
      expect(await roleOf(target.id)).toBe('focustar');
      expect(await roleOf(self.id)).toBe('staff');
    });

    it('issue 24 roles: nobody grants a role above their own: an admin demoted a moment ago grants nothing', async () => {
      const a = await newUser('admin');
      const b = await newUser('admin');
      const clientA = await signedIn(a.email);
      const clientB = await signedIn(b.email);
      const target = await newUser('focustar');
      expect((await clientB.put(`/api/users/${a.id}/role`, { role: 'staff' })).statusCode).toBe(200);
      // A's token was issued as an admin; the check reads the role now.
      const res = await clientA.put(`/api/users/${target.id}/role`, { role: 'admin' });
      expect(res.statusCode).toBe(403);
      expect(await roleOf(target.id)).toBe('focustar');
    });

    it('issue 24 roles: the last admin cannot be demoted (409), not even by themselves', async () => {
      const last = await newUser('admin');
      await onlyAdmins([last.id]);
      const client = await signedIn(last.email);
      for (const role of ['staff', 'focustar'] as const) {
        const res = await client.put(`/api/users/${last.id}/role`, { role });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ROLE_MESSAGES.lastAdmin);
      }
      expect(await roleOf(last.id)).toBe('admin');
      // With a second admin, one of them may step down.
      const second = await newUser('focustar');
      expect((await client.put(`/api/users/${second.id}/role`, { role: 'admin' })).statusCode).toBe(200);
      expect((await client.put(`/api/users/${last.id}/role`, { role: 'staff' })).statusCode).toBe(200);
      expect(await roleOf(last.id)).toBe('staff');
    });

    it('issue 24 roles: two admins demoting each other at once leave one admin (race-safe: locked in the query)', async () => {
      for (let round = 0; round < 5; round += 1) {
        const a = await newUser('admin');
        const b = await newUser('admin');
        await onlyAdmins([a.id, b.id]);
        const [clientA, clientB] = await Promise.all([signedIn(a.email), signedIn(b.email)]);
        const answers = await Promise.all([
          clientA.put(`/api/users/${b.id}/role`, { role: 'staff' }),
          clientB.put(`/api/users/${a.id}/role`, { role: 'staff' }),
        ]);
        const statuses = answers.map((r) => r.statusCode).sort();
        // One wins; the other is refused: as the last admin's demotion (409), or as no longer an admin (403).
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        const admins = rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from users where role_id = ${ROLE_IDS.admin} and deleted_at is null`,
          ),
        );
        expect(Number(admins[0]!.n)).toBe(1);
      }
    });

    it('issue 24 roles: a missing user is 404; bad bodies and ids are 4xx in Japanese, never 5xx (fuzzed as an admin)', async () => {
      const admin = await signedIn((await newUser('admin')).email);
      const target = await newUser('focustar');
      const missing = await admin.put('/api/users/99999999/role', { role: 'staff' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(JAPANESE);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ role: fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)) }),
            fc.constantFrom(
              { role: 'ADMIN' },
              { role: 'owner' },
              { role: ['admin'] },
              {},
              { role: 'admin\u0000' },
            ),
            fc.jsonValue({ maxDepth: 2 }),
          ),
          fc.constantFrom(String(target.id), '0', '-1', 'abc', '1e3', '99999999999999999999'),
          async (body, id) => {
            fc.pre(
              !(
                typeof body === 'object' &&
                body &&
                'role' in body &&
                ['admin', 'staff', 'focustar'].includes(String((body as { role: unknown }).role)) &&
                typeof (body as { role: unknown }).role === 'string'
              ),
            );
            const res = await admin.request({
              method: 'PUT',
              url: `/api/users/${id}/role`,
              payload: JSON.stringify(body),
              headers: { 'content-type': 'application/json' },
            });
            expect(res.statusCode, `${id} ${JSON.stringify(body)} -> ${res.body}`).toBeGreaterThanOrEqual(
              400,
            );
            expect(res.statusCode).toBeLessThan(500);
            expect(res.json().message).toMatch(JAPANESE);
          },
        ),
        { numRuns: 60 },
      );
      expect(await roleOf(target.id)).toBe('focustar');
    });
  });
}
