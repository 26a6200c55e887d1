import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImageStorage,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  type ImageStorage,
  isImageKey,
  localStore,
  s3Store,
} from '../../server/platform/storage.ts';

/**
 * Issue 12 "Images": JPEG/PNG/WebP up to 5 MB, re-encoded and resized with sharp (EXIF and GPS
 * stripped), on local disk by default and in an S3-compatible bucket (a local s3rver here); bad files get
 * a Japanese refusal and leave nothing behind.
 */

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 230, g: 90, b: 140 } } })
    .toFormat(format)
    .toBuffer();

/** A JPEG carrying GPS coordinates and a camera name in its EXIF block, as phones write them. */
const photoWithGps = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aaee' } })
    .withExif({
      IFD0: { Make: 'FocustarPhone', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 39/1 29/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 42/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

describe('image storage on local disk (issue 12)', () => {
  let dir: string;
  let storage: ImageStorage;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'focustar-storage-'));
    storage = createImageStorage(localStore(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('re-encodes to WebP inside the use box, keeps the aspect, drops EXIF and GPS', async () => {
    const input = await photoWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const saved = await storage.saveImage(input, 'avatar');
    expect(isImageKey(saved.key)).toBe(true);
    expect(saved.url).toBe(`/media/${saved.key}`);
    expect([saved.width, saved.height]).toEqual([400, 300]);
    const stored = await storage.store.get(saved.key);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('FocustarPhone'))).toBe(false);
  });

  it('never enlarges a small image', async () => {
    const saved = await storage.saveImage(await photo(120, 80, 'png'), 'cover');
    expect([saved.width, saved.height]).toEqual([120, 80]);
  });

  it('refuses with a Japanese message and writes nothing: too big, not an image, a bomb, a broken file', async () => {
    const before = filesUnder(dir).length;
    const big = Buffer.concat([await photo(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]);
    await expect(storage.saveImage(big, 'post')).rejects.toThrow(IMAGE_MESSAGES.tooBig);
    await expect(storage.saveImage(Buffer.from('GIF89a not really'), 'post')).rejects.toThrow(
      IMAGE_MESSAGES.notImage,
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(storage.saveImage(gif, 'post')).rejects.toThrow(IMAGE_MESSAGES.notImage);
    // 12,000 x 12,000 of one colour: a few hundred KB of PNG that would decode to 432 MB.
    const bomb = await sharp({
      create: { width: 12_000, height: 12_000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    await expect(storage.saveImage(bomb, 'post')).rejects.toThrow(IMAGE_MESSAGES.tooManyPixels);
    const truncated = (await photo(400, 400)).subarray(0, 600);
    await expect(storage.saveImage(truncated, 'post')).rejects.toThrow(IMAGE_MESSAGES.broken);
    expect(filesUnder(dir).length).toBe(before);
  });

  it('deletes what it stored, and keeps keys inside its folder', async () => {
    const saved = await storage.saveImage(await photo(50, 50, 'webp'), 'picture');
    await storage.delete(saved.key);
    expect(await storage.store.get(saved.key)).toBeNull();
    await expect(storage.store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });
});

describe('image storage in an S3-compatible bucket (issue 12, local s3rver)', () => {
  let dir: string;
  let server: { close(): Promise<void> };
  let storage: ImageStorage;
  let endpoint: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'focustar-s3-'));
    const { default: S3rver } = await import('s3rver');
    const s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'focustar-test', configs: [] }],
    });
    const { port } = await s3rver.run();
    server = { close: () => s3rver.close() };
    endpoint = `http://127.0.0.1:${port}`;
    storage = createImageStorage(
      await s3Store({
        endpoint,
        region: 'ap-northeast-1',
        bucket: 'focustar-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl: `${endpoint}/focustar-test`,
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the re-encoded image as an object the browser can load from the public URL', async () => {
    const saved = await storage.saveImage(await photoWithGps(), 'cover');
    expect(saved.url).toBe(`${endpoint}/focustar-test/${saved.key}`);
    const res = await fetch(saved.url);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect((await sharp(body).metadata()).format).toBe('webp');
    expect(body.includes(Buffer.from('FocustarPhone'))).toBe(false);
    await storage.delete(saved.key);
    expect(await storage.store.get(saved.key)).toBeNull();
  });
});
