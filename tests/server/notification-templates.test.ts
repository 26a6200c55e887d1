import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTemplatesResponseSchema } from '../../contracts/notification-templates.ts';
import { NOTIFICATION_KINDS } from '../../contracts/notifications.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 26 "Done when: staff can preview every template" (ADR 0178): GET /api/admin/notification-templates
 * renders every kind of contracts/notifications.ts with its example, and its mail in the one layout.
 */
for (const kind of DB_KINDS) {
  describe(`issue 26: the staff preview of every notification template [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers every kind, each with its texts and its mail as HTML and text in the one layout', async () => {
      const staff = await loginAs(t, 'staff@example.com');
      const res = await staff.get('/api/admin/notification-templates');
      expect(res.statusCode, res.body).toBe(200);
      const { data } = notificationTemplatesResponseSchema.parse(res.json());
      expect(data.map((d) => d.kind)).toEqual(NOTIFICATION_KINDS);
      for (const d of data) {
        expect(d.title, d.kind).not.toBe('');
        expect(d.mail.html, d.kind).toContain('Focustar（フォーカスター）');
        expect(d.mail.html, d.kind).toContain(`<h1 style="font-size:20px;margin:0 0 16px">`);
        expect(d.mail.html, d.kind).toContain('画面を開く');
        expect(d.mail.text, d.kind).toContain(d.body);
        expect(d.mail.text, d.kind).toContain('このメールは送信専用です。');
      }
      const approved = data.find((d) => d.kind === 'post.approved')!;
      expect(approved.body).toBe(
        'デモカフェへの投稿が承認されました。報酬500円は2026年12月3日（木）に確定します。',
      );
      expect(approved.mail.text).toContain('http://localhost:3000/history');
      // Informational mail says how to stop it; transactional mail does not.
      expect(data.find((d) => d.kind === 'news')!.mail.text).toContain('配信の停止は');
      expect(approved.mail.text).not.toContain('配信の停止は');
    });

    it('is for staff only: a supporter is refused', async () => {
      const supporter = await loginAs(t, 'supporter@example.com');
      expect((await supporter.get('/api/admin/notification-templates')).statusCode).toBe(403);
    });
  });
}
