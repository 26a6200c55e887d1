import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createMachine,
  not,
} from 'xstate';

/**
 * Mutants of a machine, made from its config (`machine.config`, a deep copy edited per mutant) and
 * rebuilt with the machine's own `setup` implementations (`createMachine(config, machine.implementations)`).
 *
 * Operators, on every transition of every state (`on`, `always`, `after`, `invoke.onDone/onError`):
 * - drop-transition: the transition is removed (an outer state's handler, if any, takes the event);
 * - retarget: the target becomes another state (every atomic state whose entry differs from the
 *   original target's; never the transition's own atomic source, which XState treats as targetless,
 *   and never an eventless transition into its own source, which would loop forever);
 * - negate-guard / drop-guard: on every guarded transition;
 * - drop-action: each action of a transition, and of every state's entry and exit.
 * What guards and assigns compute is mutated in the source instead (tests/machines/source-mutation.ts).
 */

export type Operator =
  | 'drop-transition'
  | 'retarget'
  | 'negate-guard'
  | 'drop-guard'
  | 'drop-action'
  // Issue 28 (g): what guards and assigns compute, edited in the source (tests/machines/source-mutation.ts).
  | 'guard-condition'
  | 'assign-body';

export interface Mutant {
  /** Stable name, used by the list of equivalent mutants. */
  id: string;
  operator: Operator;
  machine: AnyStateMachine;
  /**
   * The state nodes whose transitions or entry/exit actions the mutant changes: a path can tell the mutant
   * apart only once one of them is active, so the runner tries those paths first (ADR 0195). For a source
   * mutant, the states that name the edited guard or action; unset when none is known.
   */
  states?: string[];
}

type Key = string | number;
type Json = Record<string, unknown>;

const isPlain = (v: unknown): v is Json | unknown[] =>
  Array.isArray(v) || (!!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype);

/** Deep copy of plain objects and arrays; functions (assign, enqueueActions, params) are shared. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => clone(v)) as T;
  if (isPlain(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  }
  return value;
}

const at = (root: unknown, path: Key[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<Key, unknown> | undefined)?.[key], root);

function setAt(root: unknown, path: Key[], value: unknown): void {
  const parent = at(root, path.slice(0, -1)) as Record<Key, unknown>;
  const last = path[path.length - 1] as Key;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const asTransition = (t: unknown): Json => (typeof t === 'string' ? { target: t } : { ...(t as Json) });

const actionName = (a: unknown): string =>
  typeof a === 'string'
    ? a
    : typeof a === 'function'
      ? a.name && a.name !== 'anonymous'
        ? a.name
        : 'inline'
      : String((a as { type?: unknown }).type ?? 'action');

const guardName = (g: unknown): string =>
  typeof g === 'string' ? g : typeof g === 'function' ? 'inline' : String((g as { type?: unknown }).type);

/** Where transitions live in one state's config, and the event type XState gives them. */
interface Slot {
  path: Key[];
  eventType: string;
  label: string;
}

interface NodeInfo {
  configPath: Key[];
  node: AnyStateNode;
}

function nodesOf(machine: AnyStateMachine): NodeInfo[] {
  const out: NodeInfo[] = [];
  const walk = (node: AnyStateNode, configPath: Key[]) => {
    out.push({ node, configPath });
    for (const [key, child] of Object.entries(node.states) as [string, AnyStateNode][]) {
      walk(child, [...configPath, 'states', key]);
    }
  };
  walk(machine.root, []);
  return out;
}

function slotsOf(config: unknown, { node, configPath }: NodeInfo): Slot[] {
  const cfg = at(config, configPath) as Json;
  const slots: Slot[] = [];
  for (const event of Object.keys((cfg.on as Json | undefined) ?? {})) {
    slots.push({ path: [...configPath, 'on', event], eventType: event, label: `${node.id} on ${event}` });
  }
  if (cfg.always !== undefined)
    slots.push({ path: [...configPath, 'always'], eventType: '', label: `${node.id} always` });
  for (const delay of Object.keys((cfg.after as Json | undefined) ?? {})) {
    slots.push({
      path: [...configPath, 'after', delay],
      eventType: `xstate.after.${delay}.${node.id}`,
      label: `${node.id} after ${delay}`,
    });
  }
  const invoke = cfg.invoke as Json | undefined;
  if (invoke && !Array.isArray(invoke)) {
    for (const [key, kind] of [
      ['onDone', 'done'],
      ['onError', 'error'],
    ] as const) {
      if (invoke[key] !== undefined) {
        slots.push({
          path: [...configPath, 'invoke', key],
          eventType: `xstate.${kind}.actor.${String(invoke.id)}`,
          label: `${node.id} ${key}(${String(invoke.id)})`,
        });
      }
    }
  }
  return slots;
}

/** The atomic state a transition to `target` ends in (initial states followed down). */
function entryLeaf(target: AnyStateNode): AnyStateNode {
  let node = target;
  while (node.initial?.target?.[0]) node = node.initial.target[0] as AnyStateNode;
  return node;
}

const isAtomic = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final';

/** The ids of the state nodes whose transitions, entry or exit name the guard or action `name`. */
export function statesNaming(machine: AnyStateMachine, name: string): string[] {
  const names = (t: { guard?: unknown; actions?: readonly unknown[] }) => [
    ...(t.guard !== undefined ? [guardName(t.guard)] : []),
    ...(t.actions ?? []).map(actionName),
  ];
  return nodesOf(machine)
    .map((n) => n.node)
    .filter((node) => {
      const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
      const own = [...node.entry, ...node.exit].map(actionName);
      return own.includes(name) || transitions.some((t) => names(t).includes(name));
    })
    .map((node) => node.id);
}

/** Every mutant of `machine`, in a stable order. */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const config = machine.config as unknown;
  const build = (edit: (copy: unknown) => void): AnyStateMachine => {
    const copy = clone(config);
    edit(copy);
    return createMachine(copy as never, machine.implementations as never) as unknown as AnyStateMachine;
  };
  const nodes = nodesOf(machine);
  const leaves = nodes.map((n) => n.node).filter(isAtomic);
  const out: Mutant[] = [];
  let state = '';
  const add = (id: string, operator: Operator, edit: (copy: unknown) => void) =>
    out.push({ id, operator, machine: build(edit), states: [state] });

  for (const info of nodes) {
    state = info.node.id;
    for (const slot of slotsOf(config, info)) {
      const list = asList(at(config, slot.path)).map(asTransition);
      const tds: AnyTransitionDefinition[] =
        slot.eventType === '' ? (info.node.always ?? []) : (info.node.transitions.get(slot.eventType) ?? []);
      const replace = (copy: unknown, next: Json[]) =>
        setAt(copy, slot.path, next.length ? next : slot.path.includes('invoke') ? [] : undefined);

      list.forEach((t, i) => {
        const name = `${slot.label} #${i}`;
        add(`drop-transition ${name}`, 'drop-transition', (copy) =>
          replace(
            copy,
            list.filter((_, j) => j !== i),
          ),
        );

        const td = tds[i];
        const current = td?.target?.[0] ? entryLeaf(td.target[0] as AnyStateNode) : null;
        for (const leaf of leaves) {
          if (leaf === current) continue;
          if (!current && leaf === info.node) continue; // a targetless transition "to itself"
          if (slot.eventType === '' && leaf === info.node) continue; // an eventless loop never ends
          add(`retarget ${name} → ${leaf.id}`, 'retarget', (copy) =>
            replace(
              copy,
              list.map((u, j) => (j === i ? { ...u, target: `#${leaf.id}` } : u)),
            ),
          );
        }

        if (t.guard !== undefined) {
          add(`negate-guard ${name} [${guardName(t.guard)}]`, 'negate-guard', (copy) =>
            replace(
              copy,
              list.map((u, j) => (j === i ? { ...u, guard: not(u.guard as never) } : u)),
            ),
          );
          add(`drop-guard ${name} [${guardName(t.guard)}]`, 'drop-guard', (copy) =>
            replace(
              copy,
              list.map((u, j) => {
                if (j !== i) return u;
                const { guard: _guard, ...rest } = u;
                return rest;
              }),
            ),
          );
        }

        asList(t.actions).forEach((action, k) => {
          add(`drop-action ${name} action ${k} (${actionName(action)})`, 'drop-action', (copy) =>
            replace(
              copy,
              list.map((u, j) =>
                j === i ? { ...u, actions: asList(u.actions).filter((_, l) => l !== k) } : u,
              ),
            ),
          );
        });
      });
    }

    const cfg = at(config, info.configPath) as Json;
    for (const hook of ['entry', 'exit'] as const) {
      asList(cfg[hook]).forEach((action, k) => {
        add(`drop-action ${info.node.id} ${hook} ${k} (${actionName(action)})`, 'drop-action', (copy) => {
          const actions = asList(at(copy, [...info.configPath, hook])).filter((_, l) => l !== k);
          setAt(copy, [...info.configPath, hook], actions);
        });
      });
    }
  }
  return out;
}
