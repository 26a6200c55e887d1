import { createTestModel, type TestPath } from 'xstate/graph';
import { uiModel } from './uiModel.ts';

/**
 * The generated paths. NOTE: the test model keys its graph by (state, the transition that led there),
 * so its shortest paths reach every state through every transition; paths that are a prefix of
 * another are dropped (allowDuplicatePaths false). coverageOf() checks that claim instead of trusting it.
 */
export const testModel = createTestModel(uiModel);

type ModelPath = TestPath<ReturnType<typeof uiModel.resolveState>, Parameters<typeof uiModel.transition>[1]>;

const stateKey = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function generatedPaths(): ModelPath[] {
  return testModel.getShortestPaths();
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  events: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export function coverageOf(paths: ModelPath[]): Coverage {
  const allStates = Object.keys(uiModel.root.states);
  const allTransitions = new Set<string>();
  const allEvents = new Set<string>();
  for (const [name, node] of Object.entries(uiModel.root.states)) {
    for (const type of node.ownEvents) {
      allEvents.add(type);
      allTransitions.add(`${name} --${type}-->`);
    }
  }
  const states = new Set<string>([stateKey(uiModel.getInitialSnapshot(undefined as never).value)]);
  const events = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    let from = stateKey(uiModel.getInitialSnapshot(undefined as never).value);
    for (const step of path.steps) {
      const to = stateKey(step.state.value);
      // getPathsFromEvents starts with the initial state as a step with the init event.
      if (step.event.type.startsWith('xstate.')) {
        from = to;
        continue;
      }
      events.add(step.event.type);
      transitions.add(`${from} --${step.event.type}-->`);
      states.add(to);
      from = to;
    }
  }
  const summary = (all: Iterable<string>, got: Set<string>) => {
    const list = [...all];
    return {
      covered: list.filter((x) => got.has(x)).length,
      total: list.length,
      missing: list.filter((x) => !got.has(x)),
    };
  };
  return {
    states: summary(allStates, states),
    events: summary(allEvents, events),
    transitions: summary(allTransitions, transitions),
  };
}
