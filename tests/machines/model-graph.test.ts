import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { adjacencyMap, serializeEvent, shortestPaths } from './model-harness.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';

/**
 * Issue 28 (CI time): the model harness walks a machine's graph itself (model-harness.ts `adjacencyMap`,
 * `shortestPaths`) instead of through xstate/graph, whose queue made the walk quadratic. The oracle here is
 * xstate/graph: for every suite and input, both give the same states, the same transitions, and the same
 * shortest path (events and states, in order) to every state. authMachine's walk with xstate/graph takes
 * about a minute, so it is compared on the three other machines.
 */
type Path = { state: AnyMachineSnapshot; steps: { event: EventObject; state: AnyMachineSnapshot }[] };
const keyOf = (project: (s: AnyMachineSnapshot) => unknown) => (s: AnyMachineSnapshot) =>
  JSON.stringify({ v: s.value, c: project(s) });
const pathText = (serialize: (s: AnyMachineSnapshot) => string, p: Path) =>
  [serialize(p.state), ...p.steps.map((s) => `${serializeEvent(s.event)}>${serialize(s.state)}`)].join(' | ');

describe('model harness graph walk (oracle: xstate/graph)', () => {
  for (const suite of ORACLE_SUITES) {
    const { machine, events, project } = suite.model;
    const serializeState = keyOf(project as (s: AnyMachineSnapshot) => unknown);
    // authMachine's walk with xstate/graph takes about a minute (the reason for this harness): the same
    // algorithm is compared on the three other machines.
    const inputs = suite.name === 'authMachine' ? [] : suite.model.inputs;
    for (const { name, input } of inputs) {
      it(`${suite.name}, input ${name}: the same states, transitions and shortest paths`, () => {
        const traversal = { input, events, serializeState, serializeEvent } as never;
        const theirs = getAdjacencyMap(machine, traversal) as unknown as Record<
          string,
          { transitions: Record<string, { state: AnyMachineSnapshot }> }
        >;
        const ours = adjacencyMap(machine, input, events, serializeState);
        expect([...ours.keys()]).toEqual(Object.keys(theirs));
        for (const [key, entry] of ours) {
          const t = theirs[key]!.transitions;
          expect([...entry.transitions.keys()], key).toEqual(Object.keys(t));
          for (const [e, step] of entry.transitions)
            expect(serializeState(step.state), `${key} ${e}`).toBe(serializeState(t[e]!.state));
        }
        const want = (getShortestPaths(machine, traversal) as Path[]).map((p) => pathText(serializeState, p));
        const got = shortestPaths(machine, input, ours, serializeState).map((p) =>
          pathText(serializeState, p),
        );
        expect(got).toEqual(want);
        expect(got.length).toBeGreaterThan(1);
      });
    }
  }
});
