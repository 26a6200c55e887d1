/**
 * A sliding-window counter kept in memory (ADR 0012). One process serves the API; with several
 * processes each would count on its own, which still bounds guessing to limit x processes.
 */
export class Throttle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, at: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfter(key: string, at = Date.now()): number {
    const list = this.recent(key, at);
    if (list.length < this.limit) return 0;
    const oldest = list[list.length - this.limit]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - at) / 1000));
  }

  hit(key: string, at = Date.now()): void {
    const list = this.recent(key, at);
    list.push(at);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.prune(at);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private prune(at: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, at);
  }
}
