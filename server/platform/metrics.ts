import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Metrics in the Prometheus text format (issue 29, ADR 0160), scraped from `GET /metrics`.
 *
 * Two registries. Events are counted where they happen, on instruments of this module that live as long as
 * the process (logins, ledger rows, clicks written and dropped, job failures, throttle fallbacks): the code
 * that counts them (the ledger, a service) holds no app. What is read from an app's state (the pg pool, the
 * job queues, the click buffer, the throttle store) is a gauge of that app's registry, read when scraped.
 * One process serves one app; tests build several in one process and read the counters' differences.
 *
 * Every name starts with `focustar_`; the Node.js defaults (event loop lag, heap, GC) keep prom-client's names.
 */

const processRegistry = new Registry();

/** Logins by password: `success`, `failed` (bad credentials) or `throttled` (a 429). */
export const loginsTotal = new Counter({
  name: 'focustar_logins_total',
  help: 'Logins by password, by result (success, failed, throttled)',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/**
 * Ledger rows written (not replayed by an idempotency key): `credit`, `debit`, or `reversal` (a credit that
 * gives back an earlier debit, e.g. a returned transfer). NOTE: counted when the insert answers, so a
 * transaction rolled back afterwards still counted its row; the ledger itself is the truth.
 */
export const ledgerRowsTotal = new Counter({
  name: 'focustar_ledger_rows_total',
  help: 'Ledger rows written, by movement (credit, debit, reversal) and kind',
  labelNames: ['movement', 'kind'] as const,
  registers: [processRegistry],
});

/** Counted clicks the click buffer wrote to the database (ADR 0151). */
export const clicksWrittenTotal = new Counter({
  name: 'focustar_clicks_written_total',
  help: 'Counted short-link clicks written to the database by this process',
  registers: [processRegistry],
});

/** Counted clicks given up because the buffer was over its limit while the database refused the writes. */
export const clicksDroppedTotal = new Counter({
  name: 'focustar_clicks_dropped_total',
  help: 'Counted short-link clicks dropped (the buffer was full while the database refused writes)',
  registers: [processRegistry],
});

/** Jobs whose handler failed in this process (pg-boss retries them within their retry limit). */
export const jobFailuresTotal = new Counter({
  name: 'focustar_job_failures_total',
  help: 'Jobs whose handler failed in this process, by queue',
  labelNames: ['queue'] as const,
  registers: [processRegistry],
});

/** Throttle operations answered from this process's memory because Redis did not answer (ADR 0160). */
export const throttleFallbacksTotal = new Counter({
  name: 'focustar_throttle_fallbacks_total',
  help: 'Throttle operations counted in this process because Redis did not answer',
  registers: [processRegistry],
});

/**
 * ADR 0196: the heap that survived the last full (mark-sweep) collection, which is what a leak makes grow.
 * `nodejs_heap_size_used_bytes` also counts the garbage not collected yet: under a steady load it climbs
 * between two full collections (the soak saw +19 % in ten minutes) and falls back after one.
 */
const heapLiveBytes = new Gauge({
  name: 'focustar_heap_live_bytes',
  help: 'V8 old-generation heap used just after the last full garbage collection (0 until the first)',
  registers: [processRegistry],
});

let defaultsCollected = false;
/** Node.js's own metrics (event loop lag, heap, GC, handles) in the process registry, once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
  // The entry arrives after the collection ended, and the process may have allocated meanwhile (and a minor
  // collection freed it again before a scrape): what survived is read from the old generation's spaces, which
  // only a full collection makes smaller; the young generation is left out. Cheap (no /proc read).
  const observer = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some(
        (e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (full)
      heapLiveBytes.set(
        getHeapSpaceStatistics()
          .filter((space) => !space.space_name.startsWith('new_'))
          .reduce((sum, space) => sum + space.space_used_size, 0),
      );
  });
  observer.observe({ entryTypes: ['gc'] });
}

/** A value of a labelled gauge read at scrape time. */
export interface Sample<L extends string> {
  labels: Record<L, string>;
  value: number;
}

/** What one app registers: its HTTP durations and the gauges read from its state when scraped. */
export interface AppMetrics {
  /** Request durations in seconds, by method, route pattern and status (observed when /metrics is on). */
  readonly http: Histogram<'method' | 'route' | 'status'>;
  /** A gauge whose value is read when scraped. A read that throws leaves the gauge out of that scrape. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** A labelled gauge whose samples are read when scraped (one query for every label set). */
  gauges<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<Sample<L>[]>,
  ): void;
  /** The Prometheus text of the process's and this app's metrics. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Seconds: a redirect answers in well under a millisecond, a proof upload in a few hundred. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createAppMetrics(onReadError: (err: unknown, metric: string) => void): AppMetrics {
  const registry = new Registry();
  const http = new Histogram({
    name: 'focustar_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status, in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  return {
    http,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await read());
          } catch (err) {
            this.reset();
            onReadError(err, name);
          }
        },
      });
    },
    gauges(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const sample of await read()) this.set(sample.labels, sample.value);
          } catch (err) {
            onReadError(err, name);
          }
        },
      });
    },
    async render() {
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
