import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { MESSAGES } from '../../contracts/common.ts';
import type { Env } from './env.ts';
import { HttpError, validationError } from './http-errors.ts';
import { validateInput } from './plugins/zod.ts';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '../../contracts/images.ts';
import {
  type BlobStore,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageRefused,
  type ImageStorage,
  type ImageUse,
  isImageKey,
  openImageStorageFromEnv,
  type StoredImage,
} from './storage.ts';

/**
 * Image uploads (issue 12): `multipart/form-data` on the routes that take images, through the one
 * storage service (server/platform/storage.ts). `app.images` stores; `saveUploadedImages` reads a
 * request's files of one field and answers a Japanese 422 under that field when one is refused. Files
 * on local disk are served at `/media/<key>`.
 */

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStorage;
  }
}

export const MAX_FILES_PER_REQUEST = 6;

export async function installUploads(app: FastifyInstance, env: Env): Promise<void> {
  const images = await openImageStorageFromEnv(env);

  app.decorate('images', images);
  await app.register(fastifyMultipart, {
    limits: {
      // One byte over the image limit, so an over-size file is seen (truncated) and refused with 422.
      fileSize: IMAGE_MAX_BYTES + 1,
      files: MAX_FILES_PER_REQUEST,
      fields: 30,
      fieldSize: 64 * 1024,
      parts: 40,
    },
  });
  if (!env.S3_BUCKET) {
    // Local images are public once stored (covers, avatars, pictures): keys are random and immutable.
    app.get('/media/*', { config: {} }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isImageKey(key)) throw new HttpError(404, MESSAGES.notFound);
      // Issue 29 (ADR 0190): `?w=` one of the variant widths serves a smaller copy (made once, then kept).
      const width = Number((request.query as { w?: string }).w);
      const body = (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)
        ? await imageVariant(images.store, key, width)
        : await images.store.get(key);
      if (!body) throw new HttpError(404, MESSAGES.notFound);
      return reply
        .type('image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    });
  }
}

/**
 * The stored image `key` at most `width` px wide, kept in the store under `w<width>/<key>` once made (keys
 * are immutable, so a copy never goes stale). Null when the image is not there.
 */
async function imageVariant(store: BlobStore, key: string, width: number): Promise<Buffer | null> {
  const variantKey = `w${width}/${key}`;
  const kept = await store.get(variantKey);
  if (kept) return kept;
  const original = await store.get(key);
  if (!original) return null;
  const made = await sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await store.put(variantKey, made, 'image/webp');
  return made;
}

export interface ImageFieldOptions {
  field: string;
  use: ImageUse;
  max: number;
  required?: boolean;
}

/**
 * A multipart request's text fields and the images of one file field (or a 422). The fields go through
 * the API's input check (`validateInput`: NUL characters, then `schema`, every field by default) before
 * any image is stored, so a refused form leaves no file behind.
 */
export async function saveUploadedImages<S extends ZodType = ZodType<Record<string, string>>>(
  request: FastifyRequest,
  options: ImageFieldOptions & { fields?: S },
): Promise<{ fields: z.output<S>; images: StoredImage[] }> {
  if (!request.isMultipart()) {
    throw validationError({ [options.field]: ['画像を選んで送信してください（multipart/form-data）。'] });
  }
  const fields: Record<string, string> = {};
  const buffers: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        // NOTE: @fastify/multipart throws (413, English) on a file over `limits.fileSize`: a Japanese 422.
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw validationError({ [options.field]: [IMAGE_MESSAGES.tooBig] });
        }
        throw err;
      }
      if (part.fieldname !== options.field) continue;
      if (part.file.truncated || data.length > IMAGE_MAX_BYTES) {
        throw validationError({ [options.field]: [IMAGE_MESSAGES.tooBig] });
      }
      buffers.push(data);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // NOTE: a body that is not well-formed multipart (a cut-off upload, a made-up boundary) is the
    // sender's mistake: busboy's parse errors would otherwise reach the error handler as a 500.
    throw validationError({
      [options.field]: ['送信されたデータを読み取れませんでした。画像を選び直して、もう一度お試しください。'],
    });
  }
  if (buffers.length > options.max) {
    throw validationError({ [options.field]: [`画像は${options.max}枚までです。`] });
  }
  if (options.required && buffers.length === 0) {
    throw validationError({ [options.field]: ['画像を選んでください。'] });
  }
  const checked = validateInput(options.fields ?? ANY_FIELDS, fields);
  if (checked.error) throw checked.error;
  const stored: StoredImage[] = [];
  try {
    for (const buffer of buffers) stored.push(await request.server.images.saveImage(buffer, options.use));
  } catch (err) {
    // A refused file leaves nothing behind: the ones stored before it go too.
    await Promise.all(stored.map((s) => request.server.images.delete(s.key)));
    if (err instanceof ImageRefused) throw validationError({ [options.field]: [err.message] });
    throw err;
  }
  return { fields: checked.value as z.output<S>, images: stored };
}

/** Every text field as sent (the default of saveUploadedImages: only the NUL check applies). */
const ANY_FIELDS = z.record(z.string(), z.string());

/**
 * The input of a route that takes JSON, or multipart with images (a recruitment with its photos): the
 * fields checked by `schema` either way, the images stored only when the fields pass.
 */
export async function readFieldsAndImages<S extends ZodType>(
  request: FastifyRequest,
  schema: S,
  options: ImageFieldOptions,
): Promise<{ fields: z.output<S>; images: StoredImage[] }> {
  if (request.isMultipart()) return saveUploadedImages(request, { ...options, fields: schema });
  const checked = validateInput(schema, request.body ?? {});
  if (checked.error) throw checked.error;
  return { fields: checked.value, images: [] };
}
