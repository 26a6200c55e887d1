import { Redis } from 'ioredis';

/**
 * Throttles that hold across instances (ADR 0015). A throttle is a fixed-window counter per key in a
 * store shared by every process: Redis when REDIS_URL is set, memory otherwise (one process).
 *
 * Why not @fastify/rate-limit's hooks: they count requests before the handler runs, while the login
 * budgets count only failures, clear a key on success and lock an account with back-off; and its
 * stores are not a public API. The Redis side here is the same technique (one Lua script: INCR, then
 * PEXPIRE on the first hit), so two processes on one Redis share every budget.
 */
export interface Count {
  count: number;
  /** Milliseconds until the window (or lock) ends. */
  ttlMs: number;
}

export interface CounterStore {
  /** Adds one to `key`; a new key's window is `windowMs` from now. */
  incr(key: string, windowMs: number): Promise<Count>;
  /** The current count, or null when the key has no live window. */
  get(key: string): Promise<Count | null>;
  /** Sets `key` to `count` for `ttlMs` (a lock). */
  set(key: string, count: number, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Readiness (issue 17): throws when the store cannot answer (Redis unreachable). */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

/** One process: a map of windows, pruned when it grows. Reads Date.now(), so tests can move the clock. */
export class MemoryStore implements CounterStore {
  readonly kind = 'memory';
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  private live(key: string, at: number) {
    const w = this.windows.get(key);
    if (w && w.resetAt > at) return w;
    if (w) this.windows.delete(key);
    return null;
  }

  async incr(key: string, windowMs: number): Promise<Count> {
    const at = Date.now();
    const w = this.live(key, at) ?? { count: 0, resetAt: at + windowMs };
    w.count += 1;
    this.windows.set(key, w);
    if (this.windows.size > 50_000) this.prune(at);
    return { count: w.count, ttlMs: w.resetAt - at };
  }

  async get(key: string): Promise<Count | null> {
    const at = Date.now();
    const w = this.live(key, at);
    return w ? { count: w.count, ttlMs: w.resetAt - at } : null;
  }

  async set(key: string, count: number, ttlMs: number): Promise<void> {
    this.windows.set(key, { count, resetAt: Date.now() + ttlMs });
  }

  async del(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.windows.clear();
  }

  private prune(at: number): void {
    for (const key of [...this.windows.keys()]) this.live(key, at);
  }
}

const INCR = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return {0, 0} end
return {tonumber(count), ttl}`;

type ThrottleRedis = Redis & {
  throttleIncr(key: string, windowMs: number): Promise<[number, number]>;
  throttleRead(key: string): Promise<[number, number]>;
};

/** Shared by every process on one Redis; keys are `${prefix}${key}`. */
export class RedisStore implements CounterStore {
  readonly kind = 'redis';
  private readonly redis: ThrottleRedis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // NOTE: commands fail at once while Redis is unreachable (no offline queue): a throttle that
    // cannot count refuses the request (a 5xx) rather than letting guesses through uncounted.
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.defineCommand('throttleIncr', { numberOfKeys: 1, lua: INCR });
    redis.defineCommand('throttleRead', { numberOfKeys: 1, lua: READ });
    this.redis = redis as ThrottleRedis;
  }

  connect(): Promise<void> {
    return this.redis.connect();
  }

  on(event: 'error', listener: (err: Error) => void): void {
    this.redis.on(event, listener);
  }

  async incr(key: string, windowMs: number): Promise<Count> {
    const [count, ttlMs] = await this.redis.throttleIncr(this.prefix + key, windowMs);
    return { count, ttlMs };
  }

  async get(key: string): Promise<Count | null> {
    const [count, ttlMs] = await this.redis.throttleRead(this.prefix + key);
    return count ? { count, ttlMs } : null;
  }

  async set(key: string, count: number, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, String(count), 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The store of this process: Redis when REDIS_URL is set (connected before the app serves). */
export async function openCounterStore(
  options: { redisUrl?: string | undefined; prefix: string },
  onError: (err: Error) => void,
): Promise<CounterStore> {
  if (!options.redisUrl) return new MemoryStore();
  const store = new RedisStore(options.redisUrl, options.prefix);
  store.on('error', onError);
  await store.connect();
  return store;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** At most `limit` hits per key in a window of `windowMs`. Names keep rules apart in one store. */
export class Throttle {
  constructor(
    private readonly store: CounterStore,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private key(key: string) {
    return `throttle:${this.name}:${key}`;
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(key: string): Promise<number> {
    const c = await this.store.get(this.key(key));
    return c && c.count >= this.limit ? seconds(c.ttlMs) : 0;
  }

  /** Counts one hit; answers the hits in the current window. */
  async hit(key: string): Promise<number> {
    return (await this.store.incr(this.key(key), this.windowMs)).count;
  }

  /** Counts a hit unless the budget is spent: seconds to wait (nothing counted), or 0 (counted). */
  async take(key: string): Promise<number> {
    const c = await this.store.incr(this.key(key), this.windowMs);
    return c.count > this.limit ? seconds(c.ttlMs) : 0;
  }

  clear(key: string): Promise<void> {
    return this.store.del(this.key(key));
  }
}

/**
 * Failures per key with back-off: `free` failures in `windowMs` cost nothing; from then on each
 * failure locks the key for `baseMs` x 2^(failures - free), at most `maxMs` (ADR 0015).
 */
export class BackOff {
  constructor(
    private readonly store: CounterStore,
    readonly name: string,
    readonly free: number,
    readonly windowMs: number,
    readonly baseMs: number,
    readonly maxMs: number,
  ) {}

  /** Seconds the key is still locked, or 0. */
  async retryAfter(key: string): Promise<number> {
    const lock = await this.store.get(`backoff-lock:${this.name}:${key}`);
    return lock ? seconds(lock.ttlMs) : 0;
  }

  async fail(key: string): Promise<void> {
    const { count } = await this.store.incr(`backoff:${this.name}:${key}`, this.windowMs);
    if (count < this.free) return;
    const lockMs = Math.min(this.maxMs, this.baseMs * 2 ** (count - this.free));
    await this.store.set(`backoff-lock:${this.name}:${key}`, count, lockMs);
  }

  async clear(key: string): Promise<void> {
    await this.store.del(`backoff:${this.name}:${key}`);
    await this.store.del(`backoff-lock:${this.name}:${key}`);
  }
}
