import { isDeepStrictEqual } from 'node:util';
import { type AnyStateMachine, createActor, type EventObject, fromPromise } from 'xstate';
import { type GeneratedPath, generatePaths, type ModelOptions, stepLabel } from './model-harness.ts';

/**
 * Replays generated paths on a machine and compares, after every step, what a user or the app can
 * observe (storage, navigation, API calls, toasts, the context fields the UI reads) with what an
 * ORACLE says must be observed. The oracle is a small reference model written from the seed spec's
 * rules (tests/machines/oracles/*.ts); it never looks at the machine, its graph or its snapshots.
 *
 * No Vitest in here: the mutation runner (tests/machines/run-mutants.ts) runs the same replay in-process on
 * every mutant of a machine.
 */

/** A simulated clock for `after` delays (XState's `clock` option): time moves only when a step says so. */
export class SimClock {
  now = 0;
  private next = 1;
  private timers = new Map<number, { due: number; fn: () => void }>();
  setTimeout = (fn: (...args: unknown[]) => void, ms: number): number => {
    const id = this.next++;
    this.timers.set(id, { due: this.now + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown): void => {
    this.timers.delete(id as number);
  };
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let first: [number, { due: number; fn: () => void }] | undefined;
      for (const entry of this.timers)
        if (entry[1].due <= end && (!first || entry[1].due < first[1].due)) first = entry;
      if (!first) break;
      this.timers.delete(first[0]);
      this.now = first[1].due;
      first[1].fn();
    }
    this.now = end;
  }
}

/**
 * The server side of a replay: every invoked actor of the machine is a call whose answer the path
 * gives (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`). Records the calls made, in order,
 * and which are still in flight (a call whose actor was stopped is aborted, as the app's are).
 */
export class FakeServer {
  readonly made: string[] = [];
  private live = new Map<
    string,
    { label: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();

  constructor(private readonly describe: (src: string, input: unknown) => string) {}

  actors(names: string[]) {
    return Object.fromEntries(
      names.map((name) => [
        name,
        fromPromise(({ input, signal }: { input: unknown; signal: AbortSignal }) => {
          const label = this.describe(name, input);
          this.made.push(label);
          return new Promise((resolve, reject) => {
            const entry = { label, resolve, reject };
            this.live.set(name, entry);
            signal.addEventListener('abort', () => {
              if (this.live.get(name) === entry) this.live.delete(name);
            });
          });
        }),
      ]),
    );
  }

  inFlight(): string[] {
    return [...this.live.values()].map((c) => c.label).sort();
  }

  /** Answers the call of actor `src`; false when the app has no such call in flight. */
  settle(src: string, outcome: 'done' | 'error', value: unknown): boolean {
    const entry = this.live.get(src);
    if (!entry) return false;
    this.live.delete(src);
    if (outcome === 'done') entry.resolve(value);
    else entry.reject(value);
    return true;
  }
}

/** Extra steps a path may carry beyond the machine's own events. */
export const wait = (ms: number) => ({ type: 'test.wait', ms }) as EventObject;

/** What one machine's oracle suite provides. */
export interface OracleSuite<TInput, TObs, TModel> {
  name: string;
  machine: AnyStateMachine;
  /** The graph walk (inputs, events, traversal projection) that chooses the paths. */
  model: ModelOptions<TInput>;
  /** Steps appended to every path, so a state that looks right but acts wrong is still caught. */
  probe: EventObject[];
  /** Simulated time a user takes before each of their events (ms), for machines with delays. */
  thinkMs?: number;
  /** Machine effects (named actions) wired to the observable world, as src/app wires them. */
  world(input: TInput): {
    actions: Record<string, unknown>;
    observe(
      ui: { context: unknown; value: unknown; status: string; output: unknown },
      server: FakeServer,
    ): TObs;
  };
  /** How a call of actor `src` with `input` looks on the wire (seed spec section 7). */
  describeCall(src: string, input: unknown): string;
  oracle: {
    start(input: TInput): TModel;
    step(model: TModel, event: EventObject): TModel;
    observe(model: TModel): TObs;
  };
}

export interface Mismatch {
  step: string;
  expected: unknown;
  actual: unknown;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Labels of the path's steps, as the test name shows them. */
export const pathSteps = (path: GeneratedPath<unknown>, probe: EventObject[]) => [
  ...path.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => s.event),
  ...probe,
];

/**
 * Replays a path (plus the suite's probe) on `machine` and returns the first step where the
 * observation differs from the oracle, or null. `machine` is the real one or a mutant.
 */
export async function replayWithOracle<TInput, TObs, TModel>(
  suite: OracleSuite<TInput, TObs, TModel>,
  machine: AnyStateMachine,
  path: GeneratedPath<TInput>,
): Promise<Mismatch | null> {
  const clock = new SimClock();
  const server = new FakeServer(suite.describeCall);
  const world = suite.world(path.input);
  const actorNames = Object.keys(suite.machine.implementations.actors ?? {});
  const logic = machine.provide({ actors: server.actors(actorNames), actions: world.actions } as never);
  const actor = createActor(logic, { input: path.input, clock });
  let crash: unknown = null;
  actor.subscribe({ error: (error) => (crash = error ?? 'error') });
  const look = () => {
    const s = actor.getSnapshot();
    if (crash || s.status === 'error') return { crashed: String(crash ?? s.error) };
    return world.observe({ context: s.context, value: s.value, status: s.status, output: s.output }, server);
  };
  try {
    actor.start();
    await flush();
    let model = suite.oracle.start(path.input);
    let expected: unknown = suite.oracle.observe(model);
    let actual: unknown = look();
    if (!isDeepStrictEqual(actual, expected)) return { step: 'start', expected, actual };
    for (const event of pathSteps(path as GeneratedPath<unknown>, suite.probe)) {
      const label = stepLabel(event);
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
      if (done?.[1] || failed?.[1]) {
        const src = (done?.[1] ?? failed?.[1]) as string;
        const value = done ? (event as { output?: unknown }).output : (event as { error?: unknown }).error;
        if (!server.settle(src, done ? 'done' : 'error', value)) {
          return { step: label, expected: `a ${src} call in flight`, actual: server.inFlight() };
        }
      } else if (after?.[1]) {
        const ms = suite.model.delays?.[after[1]];
        if (ms === undefined) throw new Error(`unknown delay ${after[1]}`);
        clock.advance(ms);
      } else if (event.type === 'test.wait') {
        clock.advance((event as { ms?: number }).ms ?? 0);
      } else {
        if (suite.thinkMs) clock.advance(suite.thinkMs);
        // A settled actor takes no events (sending would only log a warning).
        if (actor.getSnapshot().status === 'active') actor.send(event);
      }
      await flush();
      model = suite.oracle.step(model, event);
      expected = suite.oracle.observe(model);
      actual = look();
      if (!isDeepStrictEqual(actual, expected)) return { step: label, expected, actual };
    }
    return null;
  } finally {
    actor.stop();
  }
}

/** The paths a suite's tests run: generated once from the real machine's graph. */
export function suitePaths<TInput>(suite: OracleSuite<TInput, unknown, unknown>): GeneratedPath<TInput>[] {
  return generatePaths(suite.model);
}

/** Runs every path on `machine`; stops at the first failure unless `all`. */
export async function runSuite<TInput, TObs, TModel>(
  suite: OracleSuite<TInput, TObs, TModel>,
  machine: AnyStateMachine,
  paths: GeneratedPath<TInput>[],
): Promise<{ passed: boolean; failure?: { path: string } & Mismatch }> {
  for (const path of paths) {
    let mismatch: Mismatch | null;
    try {
      mismatch = await replayWithOracle(suite, machine, path);
    } catch (error) {
      mismatch = { step: '(replay threw)', expected: 'no exception', actual: String(error) };
    }
    if (mismatch) return { passed: false, failure: { path: path.name, ...mismatch } };
  }
  return { passed: true };
}
