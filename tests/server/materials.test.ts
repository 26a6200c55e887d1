import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 16 (shop materials): the selected shop's referral QR code as SVG and PNG, and the A6 POP PDF
 * with a Japanese font embedded; only the shop's company members and staff, only for a published shop.
 */
for (const kind of DB_KINDS) {
  describe(`shop materials: QR code and POP (issue 16) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    it('the owner gets the QR code as SVG and PNG, pointing at the shop page', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const svg = await owner.get('/api/materials/1/qr.svg');
      expect(svg.statusCode, svg.body).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(svg.headers['content-disposition']).toBe('attachment; filename="focustar-demo-cafe-qr.svg"');
      const png = await owner.get('/api/materials/1/qr.png');
      expect(png.headers['content-type']).toBe('image/png');
      expect((await sharp(png.rawPayload).metadata()).width).toBe(1024);
    });

    it('the POP is an A6 PDF with Noto Sans JP embedded and the shop name in it', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const res = await owner.get('/api/materials/1/pop.pdf');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      // A6 portrait in points: 297.64 x 419.53.
      expect(pdf).toMatch(/\/MediaBox \[0 0 297\.6\d* 419\.5\d*\]/);
      expect(pdf).toMatch(/\/FontFile3|\/FontFile2/);
      expect(pdf).toMatch(/NotoSansJP/);
    });

    it('another company, a supporter and a shop under review are refused; staff may take any published shop', async () => {
      const supporter = await loginAs(t, 'supporter@example.com');
      expect((await supporter.get('/api/materials/1/qr.svg')).statusCode).toBe(404);
      const pending = await loginAs(t, 'pending-owner@example.com');
      expect((await pending.get('/api/materials/1/pop.pdf')).statusCode).toBe(404);
      const owner = await loginAs(t, 'owner@example.com');
      const underReview = await owner.get('/api/materials/2/qr.png');
      expect(underReview.statusCode).toBe(409);
      expect(underReview.json().message).toMatch(/審査が完了して公開されると/);
      const staff = await loginAs(t, 'staff@example.com');
      expect((await staff.get('/api/materials/1/qr.svg')).statusCode).toBe(200);
    });
  });
}
