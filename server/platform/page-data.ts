import type { EmbeddedAnswer } from '../../contracts/values.ts';

/**
 * Issue 11 (ADR 0156): what a feature gives ahead with one of its prerendered guest pages: the answers of
 * the calls the screen makes first as a guest (so the app does not wait for them) and the images it shows
 * first (preloaded by the page). Providers are registered by path; the platform knows none by name.
 */
export interface PageData {
  answers: EmbeddedAnswer[];
  /** URLs, or with the `srcset` and `sizes` of the `<img>` (issue 29), so the preload fetches the same width. */
  images: (string | PreloadImage)[];
}

export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

export type PageDataProvider = () => Promise<PageData | null>;

export class PageDataRegistry {
  private readonly providers = new Map<string, PageDataProvider>();

  /** The data of the guest page at `path` (a route path without parameters). */
  add(path: string, provider: PageDataProvider): void {
    this.providers.set(path, provider);
  }

  get(path: string): PageDataProvider | undefined {
    return this.providers.get(path);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The data features give ahead with their prerendered guest pages (ADR 0156). */
    pageData: PageDataRegistry;
  }
}
