/**
 * Issue 29 (ADR 0190): smaller copies of a stored image. Images on the app's own disk (`/media/<key>`) are
 * also served at these widths (`/media/<key>?w=800`, made with sharp on first request and kept), so a
 * screen offers a `srcset` and the browser fetches the width the slot needs, not the stored 1600 px.
 * Images elsewhere (an S3 bucket's URL) get no `srcset`: only the stored size exists there.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 800, 1200] as const;

/** Whether `url` is served by the app's `/media` route, which makes the variants. */
export const hasImageVariants = (url: string) => url.startsWith('/media/');

/**
 * The `srcset` of a stored image `width` px wide: the variant widths below it, then the image itself.
 * Undefined when the image has no variants (the `src` alone is used).
 */
export function imageSrcSet(url: string, width: number): string | undefined {
  if (!hasImageVariants(url)) return undefined;
  const smaller = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  if (smaller.length === 0) return undefined;
  return [...smaller.map((w) => `${url}?w=${w} ${w}w`), `${url} ${width}w`].join(', ');
}

/**
 * The slot of a recruitment card's photo (src/features/recruitments/common.tsx): one column on a phone,
 * two from 768 px, three from 920 px in a page at most 1240 px wide. Also the preload's `imagesizes`.
 */
export const RECRUITMENT_CARD_SIZES = '(min-width: 920px) 400px, (min-width: 768px) 50vw, 100vw';
