import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT_DIR } from '../server/platform/version.ts';

/**
 * `node --import tsx bench/cpu-profile.ts <file.cpuprofile | dir> [top]` (issue 17): the functions of a V8
 * CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=1 npm run bench:api`) with the most self time, and
 * the same grouped by package (node_modules/<name>, node: internals, the project's own files), so that
 * "where does a request's time go" has a one-screen answer. With a directory, the newest profile in it.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function newestProfile(path: string): string {
  if (!statSync(path).isDirectory()) return path;
  const files = readdirSync(path)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(path, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no .cpuprofile in ${path}`);
  return files[0];
}

/** Where a frame's code lives: a package name, `node:` internals, a project file, or V8 itself. */
function owner(url: string): string {
  if (!url) return '(v8/native)';
  if (url.startsWith('node:')) return 'node: internals';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return path.startsWith(ROOT_DIR) ? relative(ROOT_DIR, path) : path;
}

/** The summary; with `answers` (requests answered while profiling) each line also says µs per answer. */
export function summarise(profile: Profile, top = 20, answers?: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // The profiler's own stop (bench/profile-hook.ts) is no part of the server's work.
  const hook = new Set<number>();
  const mark = (id: number) => {
    hook.add(id);
    for (const child of byId.get(id)?.children ?? []) mark(child);
  };
  for (const n of profile.nodes) if (n.callFrame.url.endsWith('/bench/profile-hook.ts')) mark(n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    if (hook.has(id)) continue;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = functionName || '(anonymous)';
    if (name === '(idle)') idle += us;
    const key = url ? `${name}  ${owner(url)}:${lineNumber + 1}` : name;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const group = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : owner(url);
    byOwner.set(group, (byOwner.get(group) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const ms = (us: number) =>
    `${(us / 1000).toFixed(0).padStart(7)} ms` +
    (answers ? ` ${(us / answers).toFixed(1).padStart(7)} µs/answer` : '');
  const busy = total - idle;
  const lines = [
    `profile: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${pct(busy).trim()})` +
      (answers ? `, ${(busy / answers).toFixed(0)} µs busy per answer` : ''),
    '',
    `top ${top} functions by self time:`,
    ...[...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => `${ms(us)} ${pct(us)}  ${key}`),
    '',
    'self time by package / file:',
    ...[...byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => `${ms(us)} ${pct(us)}  ${key}`),
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path, top, answers] = process.argv.slice(2);
  if (!path) {
    console.error('usage: node --import tsx bench/cpu-profile.ts <file.cpuprofile | dir> [top] [answers]');
    process.exit(2);
  }
  const file = newestProfile(path);
  console.log(file);
  console.log(
    summarise(
      JSON.parse(readFileSync(file, 'utf8')) as Profile,
      Number(top) || 20,
      Number(answers) || undefined,
    ),
  );
}
