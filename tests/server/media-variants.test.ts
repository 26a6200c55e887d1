import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, IMAGE_VARIANT_WIDTHS } from '../../contracts/images.ts';
import { loadEnv } from '../../server/platform/env.ts';
import { installUploads } from '../../server/platform/uploads.ts';
import { TEST_APP_SECRET } from '../support/app.ts';

/**
 * Issue 29 (ADR 0190): an image on the app's disk is also served at the variant widths, so a screen's
 * `srcset` lets a phone fetch the width its slot needs (the recruitment list's first photo was 1600 px).
 */
describe('image variants at /media (issue 29)', () => {
  let dir: string;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'focustar-media-'));
    app = Fastify();
    await installUploads(app, loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET, DATA_DIR: dir }));
    await app.ready();
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f39' } })
      .png()
      .toBuffer();
    url = (await app.images.saveImage(png, 'picture')).url;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves each variant width as WebP, cached for good, and the stored image for any other w', async () => {
    for (const w of IMAGE_VARIANT_WIDTHS) {
      for (const attempt of ['made', 'kept']) {
        const res = await app.inject({ url: `${url}?w=${w}` });
        expect(res.statusCode, attempt).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, (w * 3) / 4]);
      }
    }
    for (const query of ['', '?w=333', '?w=abc']) {
      const res = await app.inject({ url: `${url}${query}` });
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1600);
    }
    expect(
      (await app.inject({ url: '/media/picture/2026/' + '0'.repeat(32) + '.webp?w=480' })).statusCode,
    ).toBe(404);
  });

  it('offers a srcset of the smaller widths and the image itself, only for images the app serves', () => {
    expect(imageSrcSet(url, 1600)).toBe(
      `${url}?w=480 480w, ${url}?w=800 800w, ${url}?w=1200 1200w, ${url} 1600w`,
    );
    expect(imageSrcSet(url, 600)).toBe(`${url}?w=480 480w, ${url} 600w`);
    expect(imageSrcSet(url, 400)).toBeUndefined();
    expect(imageSrcSet('https://bucket.example/picture/x.webp', 1600)).toBeUndefined();
  });
});
