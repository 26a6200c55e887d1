import type pg from 'pg';

/** The channel a change of a short link is told on (ADR 0152 amended): `pg_notify` in the changing transaction. */
export const LINK_CHANGE_CHANNEL = 'short_link_changed';

/** How long the feed waits before connecting again after its connection was lost. */
export const RECONNECT_MS = 1_000;

export interface LinkChangeSubscriber {
  /** A link changed somewhere, or the feed (re)connected and may have missed changes: forget every link. */
  forget(): void;
}

/**
 * Issue 29 (ADR 0152 amended): changes of short links made by any process, told to this one. A connection
 * of its own LISTENs on LINK_CHANGE_CHANNEL; each notification makes the subscribers (the process's
 * `ShortLinkResolver`s) forget their links. While the connection is down (`listening` false) the resolvers
 * remember links only for the short time of ADR 0152; when it is lost, and again when it is back, they
 * forget everything, since a change may have been missed.
 */
export class LinkChangeFeed {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private up = false;
  private readonly subscribers = new Set<LinkChangeSubscriber>();
  /** Notifications received (tests wait on it). */
  received = 0;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Whether a change made anywhere reaches this process now. */
  get listening(): boolean {
    return this.up;
  }

  subscribe(subscriber: LinkChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private forgetAll(): void {
    for (const s of this.subscribers) s.forget();
  }

  /** Connects and listens; resolves once listening, or after the first failure (then it retries alone). */
  async start(): Promise<void> {
    if (this.closed) return;
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.connectionString, keepAlive: true });
    this.client = client;
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.up = false;
      this.forgetAll();
      if (err) this.onError(err);
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (!this.closed) {
        this.timer = setTimeout(() => void this.start(), RECONNECT_MS);
        this.timer.unref();
      }
    };
    client.on('error', (err) => lost(err));
    client.on('end', () => lost(new Error('link change feed: connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel !== LINK_CHANGE_CHANNEL) return;
      this.received += 1;
      this.forgetAll();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LINK_CHANGE_CHANNEL}`);
      if (this.client !== client) return;
      // Changes made before LISTEN took effect may be remembered: forget them, then trust the feed.
      this.forgetAll();
      this.up = true;
    } catch (err) {
      lost(err);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.up = false;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    this.subscribers.clear();
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
