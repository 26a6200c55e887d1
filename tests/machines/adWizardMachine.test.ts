import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { type AdDraft, stepErrors, withDisclosure } from '../../contracts/advertisements.ts';
import { ApiRequestError } from '../../machines/errors.ts';
import {
  type AdWizardInput,
  adWizardMachine,
  EMPTY_DRAFT,
  type WizardAd,
  weightedLength,
} from '../../machines/adWizardMachine.ts';
import { coverageOf, formatCoverage, generatePaths, type ModelOptions, replayPath } from './model-harness.ts';

/**
 * Issue 13, the request wizard (/ad?step=1..4): generated paths over the machine's graph, each replayed on a
 * real actor and checked, step by step, against an ORACLE written from the rules (below), not from
 * the machine: next only when the step's fields are right, back to any earlier step, a draft saved on
 * every next, submit only when every step is right (else the first wrong step opens), and leaving with
 * unsaved changes asks first.
 */
const TODAY = '2026-11-23';
const VALID: AdDraft = {
  ...EMPTY_DRAFT,
  text: '#PR 季節のケーキ',
  hashtags: ['渋谷カフェ'],
  platforms: ['x'],
  units: 5,
  reward: 100,
  starts_on: '2026-11-24',
  ends_on: '2026-12-10',
};
const SAVED: WizardAd = { id: 7, status: '下書き', is_first: false, reject_reason: null, draft: VALID };
const FIELD_ERROR = new ApiRequestError('報酬を確認してください。', 'http', 422, {
  reward: ['報酬は100円以上'],
});

const events = [
  { type: 'xstate.done.actor.load', output: null },
  { type: 'xstate.done.actor.load', output: SAVED },
  { type: 'xstate.error.actor.load', error: new ApiRequestError('失敗', 'http', 500) },
  { type: 'wizard.retry' },
  { type: 'wizard.edit', patch: VALID },
  { type: 'wizard.edit', patch: { reward: 50 } },
  { type: 'wizard.edit', patch: { text: '季節のケーキ' } },
  { type: 'wizard.next' },
  { type: 'wizard.back' },
  { type: 'wizard.goto', step: 1 },
  { type: 'wizard.save' },
  { type: 'wizard.submit' },
  { type: 'xstate.done.actor.save', output: SAVED },
  { type: 'xstate.error.actor.save', error: FIELD_ERROR },
  { type: 'xstate.done.actor.submit', output: { ...SAVED, status: '審査中' } },
  { type: 'xstate.error.actor.submit', error: FIELD_ERROR },
  { type: 'wizard.leave' },
  { type: 'wizard.confirmLeave' },
  { type: 'wizard.cancelLeave' },
] as EventObject[];

/* ------------------------------------------------------------------ the oracle (the rules) */

type Phase =
  'loading' | 'loadFailed' | 'editing' | 'saving' | 'submitting' | 'confirmingLeave' | 'submitted' | 'left';
interface Model {
  phase: Phase;
  step: number;
  target: number;
  draft: AdDraft;
  saved: AdDraft;
}
const invalid = (d: AdDraft, step: number) =>
  Object.keys(stepErrors(step, d, weightedLength, TODAY)).length > 0;
const firstInvalid = (d: AdDraft) => [1, 2, 3].find((s) => invalid(d, s));
const dirty = (m: Model) => JSON.stringify(m.draft) !== JSON.stringify(m.saved);

function oracle(m: Model, e: EventObject): Model {
  const ev = e as EventObject & { output?: WizardAd | null; patch?: Partial<AdDraft>; step?: number };
  switch (m.phase) {
    case 'loading': {
      if (e.type === 'xstate.error.actor.load') return { ...m, phase: 'loadFailed' };
      if (e.type !== 'xstate.done.actor.load') return m;
      const draft = ev.output?.draft ?? EMPTY_DRAFT;
      return { ...m, phase: 'editing', draft, saved: draft, step: m.target };
    }
    case 'loadFailed':
      return e.type === 'wizard.retry' ? { ...m, phase: 'loading' } : m;
    case 'editing':
      switch (e.type) {
        case 'wizard.edit': {
          const patch = { ...ev.patch } as Partial<AdDraft>;
          if (patch.text !== undefined) patch.text = withDisclosure(patch.text);
          return { ...m, draft: { ...m.draft, ...patch } };
        }
        case 'wizard.next':
          if (m.step === 4 || invalid(m.draft, m.step)) return m;
          return { ...m, phase: 'saving', target: m.step + 1 };
        case 'wizard.back':
          return m.step > 1 ? { ...m, step: m.step - 1 } : m;
        case 'wizard.goto':
          return ev.step! < m.step ? { ...m, step: ev.step! } : m;
        case 'wizard.save':
          return { ...m, phase: 'saving', target: m.step };
        case 'wizard.submit': {
          const wrong = firstInvalid(m.draft);
          return wrong ? { ...m, step: Math.min(wrong, m.step) } : { ...m, phase: 'submitting' };
        }
        case 'wizard.leave':
          return { ...m, phase: dirty(m) ? 'confirmingLeave' : 'left' };
        default:
          return m;
      }
    case 'saving':
      if (e.type === 'xstate.done.actor.save')
        return { ...m, phase: 'editing', saved: m.draft, step: m.target };
      // The server refused the reward (a field of step 2): that step opens if it is not the current one.
      if (e.type === 'xstate.error.actor.save') return { ...m, phase: 'editing', step: Math.min(2, m.step) };
      return m;
    case 'submitting':
      if (e.type === 'xstate.done.actor.submit') return { ...m, phase: 'submitted', saved: m.draft };
      if (e.type === 'xstate.error.actor.submit')
        return { ...m, phase: 'editing', step: Math.min(2, m.step) };
      return m;
    case 'confirmingLeave':
      if (e.type === 'wizard.confirmLeave') return { ...m, phase: 'left' };
      if (e.type === 'wizard.cancelLeave') return { ...m, phase: 'editing' };
      return m;
    default:
      return m;
  }
}

/* ---------------------------------------------------------------------------------- generated tests */

const inputs: { name: string; input: AdWizardInput }[] = [
  { name: 'new request at step 1', input: { shopId: 1, adId: null, step: 1, today: TODAY } },
];

const model: ModelOptions<AdWizardInput> = {
  machine: adWizardMachine,
  inputs,
  events,
  project: (s) => ({
    step: s.context.step,
    target: s.context.target,
    draft: JSON.stringify(s.context.draft),
    saved: JSON.stringify(s.context.saved),
  }),
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('adWizardMachine: generated paths against the rules of issue 13', () => {
  const paths = generatePaths(model);
  for (const path of paths) {
    it(path.name, async () => {
      let m: Model = {
        phase: 'loading',
        step: 1,
        target: path.input.step ?? 1,
        draft: EMPTY_DRAFT,
        saved: EMPTY_DRAFT,
      };
      let i = 0;
      await replayPath(model, path, (_expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
        const step = path.steps[i++]!;
        if (step.event.type !== 'xstate.init') m = oracle(m, step.event);
        expect({
          phase: actual.value,
          step: actual.context.step,
          dirty: JSON.stringify(actual.context.draft) !== JSON.stringify(actual.context.saved),
        }).toEqual({
          phase: m.phase,
          step: m.step,
          dirty: dirty(m),
        });
      });
    });
  }
  it('reaches every state and every transition (prints coverage)', () => {
    const coverage = coverageOf(adWizardMachine, paths);
    console.log(`\n${formatCoverage('adWizardMachine', coverage)}, ${paths.length} paths\n`);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('adWizardMachine: rules that the graph cannot show by state alone', () => {
  it('the text keeps its 「#PR」 disclosure whatever is typed', async () => {
    const { createActor, fromPromise } = await import('xstate');
    const actor = createActor(
      adWizardMachine.provide({
        actors: {
          load: fromPromise<WizardAd | null, { shopId: number; adId: number | null }>(async () => null),
        },
      }),
      {
        input: { shopId: 1, adId: null, today: TODAY },
      },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    actor.send({ type: 'wizard.edit', patch: { text: '季節のケーキ' } });
    expect(actor.getSnapshot().context.draft.text).toBe('#PR 季節のケーキ');
    actor.send({ type: 'wizard.edit', patch: { text: '' } });
    expect(actor.getSnapshot().context.draft.text.startsWith('#PR')).toBe(true);
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().context.errors.text).toBeDefined();
  });
});
