import { vi } from 'vitest';
import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type AnyMachineSnapshot,
  createActor,
  type EventObject,
  fromPromise,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * Paths generated from a machine's graph (xstate/graph). The machine is walked with a list of
 * concrete events (including `xstate.done.actor.*` / `xstate.error.actor.*` and the delayed
 * `xstate.after.*` ones); for every transition definition and every state value where it is enabled
 * a path is built (the shortest path to that state, plus the event). The graph only chooses the
 * events to send: what must happen after each step comes from the hand-written oracles
 * (oracle-harness.ts, oracles/*.ts), never from the graph's own snapshots.
 */

export interface ModelOptions<TInput> {
  machine: AnyStateMachine;
  /** One traversal per input (e.g. with and without a stored token). */
  inputs: { name: string; input: TInput }[];
  events: EventObject[];
  /** The part of the context that decides behaviour (what the path's states are compared on). */
  project: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * Which source states count as different places to take a transition from (default: the state
   * value). A path is generated for every (input, key, transition definition).
   */
  pathKey?: (snapshot: AnyMachineSnapshot, inputName: string) => unknown;
  /** One path per transition definition (default) or per event (every answer from every place). */
  pathPer?: 'transition' | 'event';
  /** Delay name to milliseconds, for `xstate.after.*` events. */
  delays?: Record<string, number>;
}

export interface GeneratedPath<TInput> {
  name: string;
  inputName: string;
  input: TInput;
  steps: { event: EventObject; state: AnyMachineSnapshot }[];
  covers: AnyTransitionDefinition[];
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

const describeEvent = (e: EventObject) => {
  if (e.type.startsWith('xstate.error.actor.')) {
    const error = (e as { error?: { name?: string; message?: string } }).error;
    return `${e.type}(${error?.name ?? ''}:${error?.message ?? ''})`;
  }
  const { type, ...rest } = e as EventObject & Record<string, unknown>;
  const keys = Object.keys(rest);
  return keys.length ? `${type}${JSON.stringify(rest)}` : type;
};

/** Serialises errors by name and message (JSON.stringify would make every error `{}`). */
export const serializeEvent = (e: EventObject) => describeEvent(e) as never;

/** A short, readable name of an event for the test title. */
export function stepLabel(e: EventObject): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type);
  if (done) {
    const out = (e as { output?: { status?: number; tokenExpired?: boolean } }).output;
    const status =
      typeof out?.status === 'number' ? `(${out.status}${out.tokenExpired ? ' expired' : ''})` : '';
    return `${done[1]} ok${status}`;
  }
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(e.type);
  if (failed) return `${failed[1]} failed(${(e as { error?: { name?: string } }).error?.name ?? 'error'})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(e.type);
  if (after) return `after ${after[1]}`;
  const { type, ...rest } = e as EventObject & Record<string, unknown>;
  const args = Object.entries(rest)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || v === null)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `${type.replace(/^(auth|menu|request)\./, '')}${args ? `(${args})` : ''}`;
}

const valueText = (s: AnyMachineSnapshot) => JSON.stringify(s.value).replaceAll('"', '');

/** Every transition definition of the machine, including eventless ones. */
export function allTransitions(
  machine: AnyStateMachine,
): { node: AnyStateNode; td: AnyTransitionDefinition }[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const out: { node: AnyStateNode; td: AnyTransitionDefinition }[] = [];
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const td of list) out.push({ node, td });
    for (const td of node.always ?? []) out.push({ node, td });
  }
  return out;
}

export const transitionLabel = (node: AnyStateNode, td: AnyTransitionDefinition) => {
  const target = td.target?.map((t: AnyStateNode) => t.id).join(',') ?? '(stays)';
  const guard = td.guard
    ? ` [${typeof td.guard === 'string' ? td.guard : ((td.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  return `${node.id} --${td.eventType || 'always'}${guard}--> ${target}`;
};

type PathStep = { event: EventObject; state: AnyMachineSnapshot };
type Adjacency = Map<string, { state: AnyMachineSnapshot; transitions: Map<string, PathStep> }>;

/*
 * Issue 28 (CI time): the graph walk of xstate/graph's getAdjacencyMap and getShortestPaths, in the same order
 * and with the same result (tests/machines/model-graph.test.ts compares them on every suite), but walked once
 * per input instead of twice, and with a queue read by index: xstate's `queue.shift()` copies the queue, which
 * holds an entry per edge, on every step, and made authMachine's walk (thousands of states) take a minute.
 */

/** Every state reachable from the initial one by `events` (each tried in every state, as xstate/graph does). */
export function adjacencyMap(
  machine: AnyStateMachine,
  input: unknown,
  events: EventObject[],
  serializeState: (s: AnyMachineSnapshot) => string,
): Adjacency {
  const scope = createMockScope();
  const adjacency: Adjacency = new Map();
  const queue: AnyMachineSnapshot[] = [machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot];
  for (let i = 0; i < queue.length; i += 1) {
    const state = queue[i]!;
    const key = serializeState(state);
    if (adjacency.has(key)) continue;
    const transitions = new Map<string, PathStep>();
    adjacency.set(key, { state, transitions });
    for (const event of events) {
      const next = machine.transition(state, event, scope) as AnyMachineSnapshot;
      transitions.set(serializeEvent(event) as string, { event, state: next });
      queue.push(next);
    }
  }
  return adjacency;
}

/** The shortest path to every state of `adjacency` (xstate/graph's getShortestPaths, on a walk made once). */
export function shortestPaths(
  machine: AnyStateMachine,
  input: unknown,
  adjacency: Adjacency,
  serializeState: (s: AnyMachineSnapshot) => string,
): { state: AnyMachineSnapshot; steps: PathStep[] }[] {
  const from = machine.getInitialSnapshot(createMockScope(), input) as AnyMachineSnapshot;
  const fromKey = serializeState(from);
  const stateOf = new Map<string, AnyMachineSnapshot>([[fromKey, from]]);
  const best = new Map<string, { weight: number; from?: string; event?: EventObject }>([
    [fromKey, { weight: 0 }],
  ]);
  const unvisited = new Set([fromKey]);
  const visited = new Set<string>();
  for (const key of unvisited) {
    const { weight } = best.get(key)!;
    for (const { event, state: next } of adjacency.get(key)!.transitions.values()) {
      const nextKey = serializeState(next);
      stateOf.set(nextKey, next);
      const known = best.get(nextKey);
      if (!known || known.weight > weight + 1) best.set(nextKey, { weight: weight + 1, from: key, event });
      if (!visited.has(nextKey)) unvisited.add(nextKey);
    }
    visited.add(key);
    unvisited.delete(key);
  }
  // A path's steps as xstate gives them: (state, the event that led to it), starting with xstate.init.
  const plans = new Map<string, { state: AnyMachineSnapshot; event: EventObject }[]>();
  const out: { state: AnyMachineSnapshot; steps: PathStep[] }[] = [];
  for (const [key, { from: prev, event }] of best) {
    const state = stateOf.get(key)!;
    const plan =
      prev === undefined ? [] : [...plans.get(prev)!, { state: stateOf.get(prev)!, event: event! }];
    plans.set(key, plan);
    const steps: PathStep[] = plan.length
      ? [
          ...plan.map((p, i) => ({
            state: p.state,
            event: i === 0 ? { type: 'xstate.init' } : plan[i - 1]!.event,
          })),
          { state, event: plan[plan.length - 1]!.event },
        ]
      : [{ state, event: { type: 'xstate.init' } }];
    out.push({ state, steps });
  }
  return out;
}

export function generatePaths<TInput>(options: ModelOptions<TInput>): GeneratedPath<TInput>[] {
  const { machine, project } = options;
  const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ v: s.value, c: project(s) }) as never;
  const covered = new Set<AnyTransitionDefinition>();
  const seen = new Set<string>();
  const ids = new Map<AnyTransitionDefinition, number>();
  const tdKey = (td: AnyTransitionDefinition) => {
    if (!ids.has(td)) ids.set(td, ids.size);
    return ids.get(td);
  };
  const paths: GeneratedPath<TInput>[] = [];
  const alwaysTds = allTransitions(machine).filter(({ td }) => td.eventType === '');

  for (const { name: inputName, input } of options.inputs) {
    const adjacency = adjacencyMap(machine, input, options.events, serializeState);
    const shortest = new Map<string, PathStep[]>();
    for (const p of shortestPaths(machine, input, adjacency, serializeState)) {
      shortest.set(serializeState(p.state), p.steps);
    }
    const initial = machine.getInitialSnapshot(createMockScope(), input) as AnyMachineSnapshot;

    // Eventless transitions are only used at start-up (the root's initial state decides where to go).
    for (const { node, td } of alwaysTds) {
      if (node.parent !== machine.root || machine.root.initial?.target?.[0] !== node) {
        throw new Error(
          `model harness: eventless transition outside the initial state: ${transitionLabel(node, td)}`,
        );
      }
      const target = td.target?.[0];
      if (target && !covered.has(td) && initial.matches(target.path.join('.'))) {
        const firstMatching = (node.always ?? []).find((t: AnyTransitionDefinition) =>
          initial.matches(t.target?.[0]?.path.join('.') ?? ''),
        );
        if (firstMatching === td) {
          covered.add(td);
          paths.push({
            name: `${inputName}: start → ${valueText(initial)}`,
            inputName,
            input,
            steps: [],
            covers: [td],
          });
        }
      }
    }

    for (const [key, entry] of adjacency) {
      const { state, transitions } = entry;
      const head = shortest.get(key);
      if (!head) continue;
      for (const { event, state: next } of transitions.values()) {
        const tds = machine.getTransitionData(state as AnyMachineSnapshot, event as EventObject);
        // One path per transition definition *and* place it is taken from (input and state value, or
        // the suite's key): a root-level transition (e.g. auth.setRole) is exercised in every state,
        // so a mutant that changes it cannot hide behind the one state where the change is invisible.
        const snap = state as AnyMachineSnapshot;
        const where = JSON.stringify(
          options.pathKey ? options.pathKey(snap, inputName) : [inputName, snap.value],
        );
        const what = (td: AnyTransitionDefinition) =>
          options.pathPer === 'event'
            ? `${where}|${serializeEvent(event as EventObject)}`
            : `${where}|${tdKey(td)}`;
        const fresh = tds.filter((td) => !seen.has(what(td)));
        if (!fresh.length) continue;
        for (const td of fresh) {
          covered.add(td);
          seen.add(what(td));
        }
        const steps = [...head, { event: event as EventObject, state: next as AnyMachineSnapshot }];
        const trail = steps
          .filter((s) => s.event.type !== 'xstate.init')
          .map((s) => stepLabel(s.event))
          .join(' → ');
        paths.push({
          name: `${inputName}: ${trail} ⇒ ${valueText(next as AnyMachineSnapshot)}`,
          inputName,
          input,
          steps,
          covers: fresh,
        });
      }
    }
  }
  return paths;
}

export function coverageOf<TInput>(machine: AnyStateMachine, paths: GeneratedPath<TInput>[]): Coverage {
  const nodes = getStateNodes(machine.root);
  const reached = new Set<AnyStateNode>();
  for (const path of paths) {
    const snapshots = [
      machine.getInitialSnapshot(createMockScope(), path.input) as AnyMachineSnapshot,
      ...path.steps.map((s) => s.state),
    ];
    for (const snap of snapshots)
      for (const node of nodes) if (snap.matches(node.path.join('.'))) reached.add(node);
  }
  const all = allTransitions(machine);
  const taken = new Set(paths.flatMap((p) => p.covers));
  // A transient state (left by an eventless transition) is never a settled snapshot: it counts as
  // reached when a transition out of it was taken.
  for (const td of taken) if (nodes.includes(td.source)) reached.add(td.source);
  return {
    states: {
      covered: reached.size,
      total: nodes.length,
      missing: nodes.filter((n) => !reached.has(n)).map((n) => n.id),
    },
    transitions: {
      covered: all.filter(({ td }) => taken.has(td)).length,
      total: all.length,
      missing: all.filter(({ td }) => !taken.has(td)).map(({ node, td }) => transitionLabel(node, td)),
    },
  };
}

export function formatCoverage(name: string, c: Coverage): string {
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  return `${name}: states ${c.states.covered}/${c.states.total} (${pct(c.states.covered, c.states.total)}), transitions ${c.transitions.covered}/${c.transitions.total} (${pct(c.transitions.covered, c.transitions.total)})`;
}

export function createMockScope() {
  // getInitialSnapshot needs an actor scope; a throw-away actor provides a real one.
  const self = createActor(fromPromise(async () => undefined));
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as never;
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

/**
 * Replays a generated path on a real actor whose invoked actors are deferred promises settled by the
 * path's done/error events and whose delays run on fake timers; `check` sees each step's snapshot (the
 * caller compares it with its own oracle, never with the graph's expectation).
 */
export async function replayPath<TInput>(
  options: ModelOptions<TInput>,
  path: GeneratedPath<TInput>,
  check: (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => void,
): Promise<void> {
  const pending = new Map<string, Deferred>();
  const actorNames = Object.keys(options.machine.implementations.actors ?? {});
  const fakes = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise(
        () =>
          new Promise((resolve, reject) => {
            pending.set(name, { resolve, reject });
          }),
      ),
    ]),
  );
  const actor = createActor(options.machine.provide({ actors: fakes }), { input: path.input });
  actor.start();
  await flush();
  for (const { event, state } of path.steps) {
    if (event.type === 'xstate.init') {
      check(state, actor.getSnapshot() as AnyMachineSnapshot);
      continue;
    }
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
    if (done?.[1]) {
      const d = pending.get(done[1]);
      if (!d) throw new Error(`no pending ${done[1]} for ${event.type}`);
      d.resolve((event as { output?: unknown }).output);
    } else if (failed?.[1]) {
      const d = pending.get(failed[1]);
      if (!d) throw new Error(`no pending ${failed[1]} for ${event.type}`);
      d.reject((event as { error?: unknown }).error);
    } else if (after?.[1]) {
      const ms = options.delays?.[after[1]];
      if (ms === undefined) throw new Error(`unknown delay ${after[1]}`);
      await vi.advanceTimersByTimeAsync(ms);
    } else {
      actor.send(event);
    }
    await flush();
    check(state, actor.getSnapshot() as AnyMachineSnapshot);
  }
  actor.stop();
}
