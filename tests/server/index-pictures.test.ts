import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indexPictureListSchema, publicIndexPictureListSchema } from '../../contracts/index-pictures.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { multipart } from '../support/multipart.ts';
import { createAccountsApp, JAPANESE, loginAs } from './helpers.ts';

/**
 * Issue 16 / product design section 6: index pictures. Staff upload (storage service, alt text
 * required), order, switch on and off and delete; `/api/random-index-pictures` serves the active ones.
 */
const image = (color: string) =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

for (const kind of DB_KINDS) {
  describe(`index pictures (issue 16, product design section 6) [${kind}]`, () => {
    let t: TestApp;
    let staff: TestClient;
    const guest = () => new TestClient(t.app);
    const upload = async (alt: string | null, data?: Buffer) =>
      staff.request({
        method: 'POST',
        url: '/api/index-pictures',
        ...multipart(
          alt === null ? {} : { alt },
          data ? [{ field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data }] : [],
        ),
      });

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(() => t.close());
    // Issue 28 (3): each test starts from a top page without pictures and uploads its own.
    beforeEach(async () => {
      const { items } = indexPictureListSchema.parse((await staff.get('/api/index-pictures')).json());
      for (const p of items) expect((await staff.delete(`/api/index-pictures/${p.id}`)).statusCode).toBe(200);
    });
    const uploadAll = async (...alts: [string, string][]) => {
      for (const [alt, color] of alts) expect((await upload(alt, await image(color))).statusCode).toBe(201);
    };

    it('the top page gets nothing until staff upload; an upload is resized, stored and served', async () => {
      expect((await guest().get('/api/random-index-pictures')).json()).toEqual({ items: [] });
      const res = await upload('自家焙煎のコーヒー', await image('#a0522d'));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        alt: '自家焙煎のコーヒー',
        active: true,
        position: 1,
        width: 1600,
        height: 1067,
      });
      const served = await guest().get(res.json().url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const top = publicIndexPictureListSchema
        .strict()
        .parse((await guest().get('/api/random-index-pictures')).json());
      expect(top.items.map((p) => p.alt)).toEqual(['自家焙煎のコーヒー']);
    });

    it('alt text is required (and nothing is left stored); a non-image or no image is a 422 in Japanese', async () => {
      await uploadAll(['自家焙煎のコーヒー', '#a0522d']);
      const noAlt = await upload('  ', await image('#fff'));
      expect(noAlt.statusCode).toBe(422);
      expect(noAlt.json().errors).toEqual({ alt: ['画像の説明（代替テキスト）を入力してください。'] });
      const notImage = await upload('説明', Buffer.from('%PDF-1.4'));
      expect(notImage.statusCode).toBe(422);
      expect(notImage.json().errors.image[0]).toMatch(JAPANESE);
      const none = await upload('説明');
      expect(none.json().errors.image).toEqual(['画像を選んでください。']);
      const list = indexPictureListSchema.parse((await staff.get('/api/index-pictures')).json());
      expect(list.items).toHaveLength(1);
    });

    it('staff reorder with the whole list; a stale or partial list is refused', async () => {
      await uploadAll(
        ['自家焙煎のコーヒー', '#a0522d'],
        ['季節のケーキ', '#ffc0cb'],
        ['店内の様子', '#87ceeb'],
      );
      const before = indexPictureListSchema.parse((await staff.get('/api/index-pictures')).json()).items;
      expect(before.map((p) => p.alt)).toEqual(['自家焙煎のコーヒー', '季節のケーキ', '店内の様子']);
      const ids = before.map((p) => p.id);
      const res = await staff.put('/api/index-pictures/order', { ids: [ids[2], ids[0], ids[1]] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((p: { alt: string }) => p.alt)).toEqual([
        '店内の様子',
        '自家焙煎のコーヒー',
        '季節のケーキ',
      ]);
      const partial = await staff.put('/api/index-pictures/order', { ids: [ids[0], ids[1]] });
      expect(partial.statusCode).toBe(422);
      expect(partial.json().errors.ids[0]).toMatch(/並び順が最新ではありません/);
      const dup = await staff.put('/api/index-pictures/order', { ids: [ids[0], ids[0], ids[1]] });
      expect(dup.statusCode).toBe(422);
    });

    it('switched off, a picture leaves the top page; the alt text can be changed; delete removes the file', async () => {
      await uploadAll(
        ['店内の様子', '#87ceeb'],
        ['自家焙煎のコーヒー', '#a0522d'],
        ['季節のケーキ', '#ffc0cb'],
      );
      const [first, second] = indexPictureListSchema.parse(
        (await staff.get('/api/index-pictures')).json(),
      ).items;
      const off = await staff.put(`/api/index-pictures/${first!.id}`, { active: false });
      expect(off.json().active).toBe(false);
      const alt = await staff.put(`/api/index-pictures/${second!.id}`, { alt: '焙煎したての豆' });
      expect(alt.json().alt).toBe('焙煎したての豆');
      const empty = await staff.put(`/api/index-pictures/${second!.id}`, { alt: '' });
      expect(empty.statusCode).toBe(422);
      const top = (await guest().get('/api/random-index-pictures'))
        .json()
        .items.map((p: { alt: string }) => p.alt);
      expect(top.sort()).toEqual(['季節のケーキ', '焙煎したての豆'].sort());
      const del = await staff.delete(`/api/index-pictures/${first!.id}`);
      expect(del.json()).toEqual({ message: 'トップ画像を削除しました。' });
      expect((await guest().get(first!.url)).statusCode).toBe(404);
      expect((await staff.delete(`/api/index-pictures/${first!.id}`)).statusCode).toBe(404);
    });
  });
}
