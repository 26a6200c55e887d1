import { Redis } from 'ioredis';

/**
 * A cache every process of the product shares (issue 17, ADR 0140): Redis when REDIS_URL is set, memory
 * otherwise (one process). What one process drops (a staff edit) is dropped for all of them; with a cache
 * per process the others would serve the old value until it expired.
 *
 * Values are JSON. A cache is never the truth: when Redis fails, a read is a miss (the caller computes the
 * value) and a write is skipped; the error is reported, the request is answered.
 */
export interface SharedCache {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

/** One process: a map of entries with their expiry, pruned when it grows. */
export class MemoryCache implements SharedCache {
  readonly kind = 'memory';
  private readonly entries = new Map<string, { value: string; until: number }>();

  async get<T>(key: string): Promise<T | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return JSON.parse(entry.value) as T;
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (this.entries.size >= 10_000) this.entries.clear();
    // Stored as JSON, so a caller cannot change a cached value by changing what it got (as with Redis).
    this.entries.set(key, { value: JSON.stringify(value), until: Date.now() + ttlMs });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/** Shared by every process on one Redis; keys are `${prefix}cache:${key}`. */
export class RedisCache implements SharedCache {
  readonly kind = 'redis';
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly onError: (err: Error) => void,
  ) {
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    this.redis.on('error', onError);
  }

  connect(): Promise<void> {
    return this.redis.connect();
  }

  private key(key: string) {
    return `${this.prefix}cache:${key}`;
  }

  async get<T>(key: string): Promise<T | null> {
    // Issue 29: while Redis is away (ioredis reconnects by itself) a read is a miss, without an error each.
    if (this.redis.status !== 'ready') return null;
    try {
      const text = await this.redis.get(this.key(key));
      return text === null ? null : (JSON.parse(text) as T);
    } catch (err) {
      this.onError(err as Error);
      return null;
    }
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (this.redis.status !== 'ready') return;
    try {
      await this.redis.set(this.key(key), JSON.stringify(value), 'PX', Math.max(1, Math.ceil(ttlMs)));
    } catch (err) {
      this.onError(err as Error);
    }
  }

  async del(key: string): Promise<void> {
    try {
      await this.redis.del(this.key(key));
    } catch (err) {
      this.onError(err as Error);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * The cache of this process: Redis when REDIS_URL is set (connected before the app serves). A Redis that
 * does not answer at start is reported and does not stop the start (issue 29): reads miss until it answers.
 */
export async function openSharedCache(
  options: { redisUrl?: string | undefined; prefix: string },
  onError: (err: Error) => void,
): Promise<SharedCache> {
  if (!options.redisUrl) return new MemoryCache();
  const cache = new RedisCache(options.redisUrl, options.prefix, onError);
  await cache.connect().catch(onError);
  return cache;
}
