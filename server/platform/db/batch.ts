/**
 * Coalesces the lookups of one turn of the event loop into one query (issue 17, ADR 0153).
 *
 * Under load, the requests read from many sockets in one turn each ask the database for one row (the
 * bearer check of every signed-in call, the link of a redirect). Each query is a round trip: a write and a
 * read on the database socket in this process, and parse, plan and protocol work in PostgreSQL, which cost
 * more than the lookup itself. A `LookupBatcher` collects the keys asked for until the turn's I/O callbacks
 * have run (`setImmediate`) and sends them as one query; equal keys in one batch are asked once.
 *
 * Nothing is remembered after a batch is answered: every lookup still reads the database as it is when
 * the batch runs, so a logout, a revoked login or a role change applies to the very next call, as before.
 * The wait is the rest of the current turn, not a timer: a lone request is not delayed.
 */
export class LookupBatcher<K, V> {
  private pending = new Map<string, { key: K; waiters: Waiter<V>[] }>();
  private scheduled = false;

  /**
   * @param load answers the values of `keys`, in their order (null: none). Called with at most `max` keys.
   * @param idOf equal ids are one lookup.
   */
  constructor(
    private readonly load: (keys: K[]) => Promise<(V | null)[]>,
    private readonly idOf: (key: K) => string,
    private readonly max = 100,
  ) {}

  /** The value of `key` (null: none), read with the other lookups of this turn. */
  get(key: K): Promise<V | null> {
    return new Promise<V | null>((resolve, reject) => {
      const id = this.idOf(key);
      const entry = this.pending.get(id);
      if (entry) entry.waiters.push({ resolve, reject });
      else this.pending.set(id, { key, waiters: [{ resolve, reject }] });
      if (this.pending.size >= this.max) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    let answer: Promise<(V | null)[]>;
    try {
      answer = this.load(batch.map((entry) => entry.key));
    } catch (err) {
      answer = Promise.reject(err);
    }
    answer.then(
      (values) => {
        batch.forEach((entry, i) => {
          for (const waiter of entry.waiters) waiter.resolve(values[i] ?? null);
        });
      },
      (err: unknown) => {
        for (const entry of batch) for (const waiter of entry.waiters) waiter.reject(err);
      },
    );
  }
}

interface Waiter<V> {
  resolve: (value: V | null) => void;
  reject: (err: unknown) => void;
}
