import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import type { Env } from './env.ts';
import { IMAGE_MAX_MB } from '../../contracts/common.ts';

/**
 * The one way images enter the product (issue 12): shop covers, avatars, post images, recruitment and
 * index pictures. Every upload is checked by its content (not its name), limited in bytes and pixels
 * (a decompression bomb is refused before it is decoded), re-encoded with sharp (EXIF, GPS and every
 * other metadata dropped; the orientation applied first), resized to the use's size, and stored under a
 * random key: on local disk under DATA_DIR by default, in an S3-compatible bucket when S3_* is set.
 * A refused file leaves nothing behind.
 */

export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
/** Pixels the decoder may see: 40 MP, more than any phone photo, far less than a bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Japanese messages of refused files, for the route to put under its field (422). */
export const IMAGE_MESSAGES = {
  tooBig: `画像のファイルサイズは${IMAGE_MAX_MB}MB以内にしてください。`,
  notImage: 'JPEG・PNG・WebP形式の画像を選んでください。',
  tooManyPixels: '画像の縦横のサイズが大きすぎます。',
  broken: '画像を読み込めませんでした。別の画像をお試しください。',
} as const;

export class ImageRefused extends Error {
  override readonly name = 'ImageRefused';
}

/** How each use stores its images: the box it must fit, and the quality. */
export const IMAGE_USES = {
  cover: { width: 1600, height: 900 },
  avatar: { width: 400, height: 400 },
  post: { width: 1600, height: 1600 },
  picture: { width: 1600, height: 1200 },
} as const;
export type ImageUse = keyof typeof IMAGE_USES;

export interface StoredImage {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  contentType: 'image/webp';
}

/** Where bytes live: a folder on this machine, or an S3-compatible bucket. */
export interface BlobStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  url(key: string): string;
}

export interface ImageStorage {
  /** Checks, re-encodes and stores an image; throws ImageRefused with a Japanese message. */
  saveImage(input: Buffer, use: ImageUse): Promise<StoredImage>;
  delete(key: string): Promise<void>;
  readonly store: BlobStore;
}

/** Keys are random and path-safe: `<use>/<yyyy>/<32 hex>.webp`. */
const KEY_PATTERN = /^[a-z]+\/\d{4}\/[0-9a-f]{32}\.webp$/;
export const isImageKey = (key: string) => KEY_PATTERN.test(key);

export function createImageStorage(store: BlobStore): ImageStorage {
  return {
    store,
    async saveImage(input, use) {
      if (input.length > IMAGE_MAX_BYTES) throw new ImageRefused(IMAGE_MESSAGES.tooBig);
      let format: string | undefined;
      let pixels: number;
      try {
        // Reads the header only: nothing is decoded yet.
        const meta = await sharp(input, { limitInputPixels: false }).metadata();
        format = meta.format;
        pixels = (meta.width ?? 0) * (meta.height ?? 0);
      } catch {
        throw new ImageRefused(IMAGE_MESSAGES.notImage);
      }
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageRefused(IMAGE_MESSAGES.notImage);
      if (pixels > IMAGE_MAX_PIXELS) throw new ImageRefused(IMAGE_MESSAGES.tooManyPixels);
      const box = IMAGE_USES[use];
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new ImageRefused(IMAGE_MESSAGES.broken);
      }
      const key = `${use}/${new Date().getUTCFullYear()}/${randomBytes(16).toString('hex')}.webp`;
      await store.put(key, output.data, 'image/webp');
      return {
        key,
        url: store.url(key),
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.length,
        contentType: 'image/webp',
      };
    },
    delete: (key) => store.delete(key),
  };
}

/** Files under `<DATA_DIR>/uploads`, served by the app at `/media/<key>`. */
export function localStore(dir: string, publicPath = '/media'): BlobStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error('key outside the upload folder');
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    url: (key) => `${publicPath}/${key}`,
  };
}

export interface S3Settings {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the browser loads objects from (a CDN or the bucket's public URL). */
  publicUrl: string;
  /** Path-style addressing (MinIO, s3rver and most S3-compatible stores). */
  forcePathStyle?: boolean;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO …), chosen when S3_BUCKET is set. */
export async function s3Store(settings: S3Settings): Promise<BlobStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const base = settings.publicUrl.replace(/\/+$/, '');
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    url: (key) => `${base}/${key}`,
  };
}

/** Local disk under DATA_DIR/uploads unless an S3 bucket is configured. */
export async function openImageStorage(options: {
  dataDir: string;
  s3?: S3Settings | null | undefined;
}): Promise<ImageStorage> {
  const store = options.s3 ? await s3Store(options.s3) : localStore(join(options.dataDir, 'uploads'));
  return createImageStorage(store);
}

/** The storage the settings choose (DATA_DIR, or the S3 bucket when S3_BUCKET is set): app and seed. */
export function openImageStorageFromEnv(env: Env): Promise<ImageStorage> {
  return openImageStorage({
    dataDir: env.DATA_DIR,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          publicUrl: env.S3_PUBLIC_URL!,
        }
      : null,
  });
}
