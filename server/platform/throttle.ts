import { Redis } from 'ioredis';
import { throttleFallbacksTotal } from './metrics.ts';

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
  /** Takes one back from a live window (never below 0); a key without one stays absent. */
  decr(key: string): Promise<void>;
  /**
   * Issue 24 pentest 4, in one step: when `lockKey` is live, answers its milliseconds and counts nothing;
   * else adds one to `countKey` (window `windowMs`) and, from the `free`-th on, sets `lockKey` for
   * `min(maxMs, baseMs x 2^(count - free))` before answering 0, so concurrent callers see the lock.
   */
  takeUnlessLocked(countKey: string, lockKey: string, rule: BackOffRule): Promise<number>;
  del(key: string): Promise<void>;
  /** Readiness (issue 17): throws when the store cannot answer (Redis unreachable). */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
  /** Issue 29: counting in this process's memory because Redis does not answer (DegradingStore). */
  readonly degraded?: boolean;
}

/** The numbers of a BackOff (see `CounterStore.takeUnlessLocked`). */
export interface BackOffRule {
  windowMs: number;
  free: number;
  baseMs: number;
  maxMs: number;
}

const lockMsOf = (count: number, rule: BackOffRule) =>
  Math.min(rule.maxMs, rule.baseMs * 2 ** (count - rule.free));

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

  async decr(key: string): Promise<void> {
    const w = this.live(key, Date.now());
    if (w && w.count > 0) w.count -= 1;
  }

  // NOTE: no await between the read and the writes: one turn of the event loop, so atomic in this process.
  async takeUnlessLocked(countKey: string, lockKey: string, rule: BackOffRule): Promise<number> {
    const at = Date.now();
    const lock = this.live(lockKey, at);
    if (lock) return lock.resetAt - at;
    const w = this.live(countKey, at) ?? { count: 0, resetAt: at + rule.windowMs };
    w.count += 1;
    this.windows.set(countKey, w);
    if (w.count >= rule.free)
      this.windows.set(lockKey, { count: w.count, resetAt: at + lockMsOf(w.count, rule) });
    return 0;
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

const DECR = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const TAKE_UNLESS_LOCKED = `
local lock = redis.call('PTTL', KEYS[2])
if lock > 0 then return lock end
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local free = tonumber(ARGV[2])
if count >= free then
  local ms = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (count - free))
  redis.call('SET', KEYS[2], count, 'PX', math.max(1, math.ceil(ms)))
end
return 0`;

type ThrottleRedis = Redis & {
  throttleIncr(key: string, windowMs: number): Promise<[number, number]>;
  throttleRead(key: string): Promise<[number, number]>;
  throttleDecr(key: string): Promise<number>;
  throttleTakeUnlessLocked(
    countKey: string,
    lockKey: string,
    windowMs: number,
    free: number,
    baseMs: number,
    maxMs: number,
  ): Promise<number>;
};

/** Shared by every process on one Redis; keys are `${prefix}${key}`. */
export class RedisStore implements CounterStore {
  readonly kind = 'redis';
  private readonly redis: ThrottleRedis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // NOTE: commands fail at once while Redis is unreachable (no offline queue), so that DegradingStore
    // counts in memory instead of making the request wait for a reconnection.
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.defineCommand('throttleIncr', { numberOfKeys: 1, lua: INCR });
    redis.defineCommand('throttleRead', { numberOfKeys: 1, lua: READ });
    redis.defineCommand('throttleDecr', { numberOfKeys: 1, lua: DECR });
    redis.defineCommand('throttleTakeUnlessLocked', { numberOfKeys: 2, lua: TAKE_UNLESS_LOCKED });
    this.redis = redis as ThrottleRedis;
  }

  connect(): Promise<void> {
    return this.redis.connect();
  }

  /** Connected and answering commands (ioredis reconnects by itself after a failure). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'ready', listener: () => void): void;
  on(event: 'error' | 'ready', listener: (err: Error) => void): void {
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

  async decr(key: string): Promise<void> {
    await this.redis.throttleDecr(this.prefix + key);
  }

  async takeUnlessLocked(countKey: string, lockKey: string, rule: BackOffRule): Promise<number> {
    return Number(
      await this.redis.throttleTakeUnlessLocked(
        this.prefix + countKey,
        this.prefix + lockKey,
        rule.windowMs,
        rule.free,
        rule.baseMs,
        rule.maxMs,
      ),
    );
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Issue 29 (ADR 0160): Redis with this process's memory behind it. While Redis does not answer (down at
 * start, restarted, a network split), every operation counts in memory instead of refusing: each budget
 * then holds per process (N processes allow N times the budget) rather than none answering at all; a
 * login with the right password still logs in. `/api/ready` answers 503 meanwhile (`ping` still asks
 * Redis), so an orchestrator sees it. When Redis answers again the shared counts take over; what was
 * counted in memory meanwhile is forgotten.
 */
export class DegradingStore implements CounterStore {
  readonly kind = 'redis';
  private readonly memory = new MemoryStore();
  private down = false;

  constructor(
    private readonly redis: RedisStore,
    private readonly onChange: (degraded: boolean, err?: Error) => void,
  ) {
    redis.on('ready', () => this.mark(false));
  }

  /** Counting in this process's memory because Redis does not answer. */
  get degraded(): boolean {
    return this.down;
  }

  /** Reports a change of state once (not every reconnection attempt). */
  mark(degraded: boolean, err?: Error): void {
    if (this.down === degraded) return;
    this.down = degraded;
    this.onChange(degraded, err);
  }

  private async use<T>(op: (store: CounterStore) => Promise<T>): Promise<T> {
    if (this.redis.ready) {
      try {
        return await op(this.redis);
      } catch (err) {
        this.mark(true, err as Error);
      }
    } else {
      this.mark(true);
    }
    throttleFallbacksTotal.inc();
    return op(this.memory);
  }

  incr(key: string, windowMs: number): Promise<Count> {
    return this.use((s) => s.incr(key, windowMs));
  }

  get(key: string): Promise<Count | null> {
    return this.use((s) => s.get(key));
  }

  set(key: string, count: number, ttlMs: number): Promise<void> {
    return this.use((s) => s.set(key, count, ttlMs));
  }

  del(key: string): Promise<void> {
    return this.use((s) => s.del(key));
  }

  decr(key: string): Promise<void> {
    return this.use((s) => s.decr(key));
  }

  takeUnlessLocked(countKey: string, lockKey: string, rule: BackOffRule): Promise<number> {
    return this.use((s) => s.takeUnlessLocked(countKey, lockKey, rule));
  }

  /** Asks Redis itself: readiness reports the outage even though the throttles go on. */
  ping(): Promise<void> {
    return this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.close();
    await this.memory.close();
  }
}

/**
 * The store of this process: memory without REDIS_URL; with it, Redis with the memory fallback. A Redis
 * that does not answer at start does not stop the start (issue 29): ioredis keeps reconnecting.
 * `onChange` hears when the fallback starts and ends; `onError`, the errors while Redis is up.
 */
export async function openCounterStore(
  options: { redisUrl?: string | undefined; prefix: string },
  onError: (err: Error) => void,
  onChange: (degraded: boolean, err?: Error) => void = (degraded, err) => {
    if (degraded && err) onError(err);
  },
): Promise<CounterStore> {
  if (!options.redisUrl) return new MemoryStore();
  const redis = new RedisStore(options.redisUrl, options.prefix);
  const store = new DegradingStore(redis, onChange);
  // Connection errors repeat on every reconnection attempt: they are one outage, reported once.
  redis.on('error', (err) => (store.degraded || !redis.ready ? store.mark(true, err) : onError(err)));
  await redis.connect().catch((err: Error) => store.mark(true, err));
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
    if (c.count <= this.limit) return 0;
    // Issue 24 pentest 4: the refused attempt is not one of the budget's (it checked nothing).
    await this.store.decr(this.key(key));
    return seconds(c.ttlMs);
  }

  /** Gives back a hit taken before the work it paid for turned out not to count (a right password). */
  giveBack(key: string): Promise<void> {
    return this.store.decr(this.key(key));
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

  /**
   * Issue 24 pentest 4: counts an attempt as a failure before it is made, atomically: seconds the key is
   * still locked (nothing counted), or 0. The attempt that reaches the free budget sets the lock itself,
   * so attempts racing it are refused; a right password then clears it (`clear`).
   */
  async take(key: string): Promise<number> {
    const lockMs = await this.store.takeUnlessLocked(
      `backoff:${this.name}:${key}`,
      `backoff-lock:${this.name}:${key}`,
      { windowMs: this.windowMs, free: this.free, baseMs: this.baseMs, maxMs: this.maxMs },
    );
    return lockMs > 0 ? seconds(lockMs) : 0;
  }

  async clear(key: string): Promise<void> {
    await this.store.del(`backoff:${this.name}:${key}`);
    await this.store.del(`backoff-lock:${this.name}:${key}`);
  }
}
