import pg from 'pg';

/**
 * What an endpoint asks the database (issue 17, ADR 0121): the statements the real app sends while it
 * answers one request, recorded at the node-postgres client, and each read statement's
 * `EXPLAIN (ANALYZE, BUFFERS)`, summed into rows scanned, buffers and sequential scans.
 *
 * Recording patches `pg.Client.prototype.query` in this process only (the bench's in-process copy of the
 * server); the timed server is a separate process that knows nothing of it.
 */

export interface Statement {
  text: string;
  values: unknown[];
}

let recording: Statement[] | null = null;
let installed = false;

/** Starts recording every statement any pg client of this process sends. */
export function installRecorder(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args;
      if (typeof first === 'string') recording.push({ text: first, values: (second as unknown[]) ?? [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const q = first as { text: string; values?: unknown[] };
        // drizzle passes a config object and the parameters as the second argument.
        recording.push({ text: q.text, values: q.values ?? (second as unknown[]) ?? [] });
      }
    }
    return original.apply(this, args);
  };
}

/** Runs `fn` and answers the statements sent meanwhile (one request at a time, nothing else running). */
export async function record(fn: () => Promise<void>): Promise<Statement[]> {
  recording = [];
  try {
    await fn();
    return recording;
  } finally {
    recording = null;
  }
}

const TRANSACTION = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const WRITES = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;
export const isRead = (s: Statement) =>
  !TRANSACTION.test(s.text) && /^\s*(select|with)\b/i.test(s.text) && !WRITES.test(s.text);
export const isWrite = (s: Statement) => !TRANSACTION.test(s.text) && !isRead(s);
export const usesOffset = (s: Statement) => /\boffset\s+(\$\d+|\d+)/i.test(s.text);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  /** Table rows (and index entries of index-only scans) read, removed-by-filter rows included. */
  rowsScanned: number;
  /** Shared buffers hit + read by the whole statement. */
  buffers: number;
  executionMs: number;
  seqScans: string[];
  /** `Index Only Scan using x on t`, … for the report. */
  scans: string[];
}

const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan', 'Tid Scan']);

function walk(node: PlanNode, out: PlanSummary): void {
  if (SCANS.has(node['Node Type'])) {
    const loops = node['Actual Loops'] || 0;
    out.rowsScanned +=
      (node['Actual Rows'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      loops;
    const rel = node['Relation Name'] ?? '?';
    if (node['Node Type'] === 'Seq Scan') out.seqScans.push(rel);
    out.scans.push(
      `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''} on ${rel}`,
    );
  }
  for (const child of node.Plans ?? []) walk(child, out);
}

/** EXPLAIN (ANALYZE, BUFFERS) of one read statement. */
export async function explain(client: pg.Client, s: Statement): Promise<PlanSummary> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `explain (analyze, buffers, format json) ${s.text}`,
    s.values,
  );
  const [top] = rows[0]!['QUERY PLAN'];
  const out: PlanSummary = {
    rowsScanned: 0,
    buffers: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
    executionMs: top['Execution Time'],
    seqScans: [],
    scans: [],
  };
  walk(top.Plan, out);
  return out;
}

/** The text form of EXPLAIN (ANALYZE, BUFFERS), for reading a plan (`--plans`). */
export async function explainText(client: pg.Client, s: Statement): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${s.text}`,
    s.values,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Estimated rows of every table of the public schema (pg_class.reltuples after ANALYZE). */
export async function tableSizes(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; n: number }>(
    `select c.relname as name, greatest(c.reltuples, 0)::float8 as n from pg_class c
       join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}
