import type { EventObject } from 'xstate';
import {
  type AdDraft,
  FIELD_STEP,
  MAX_IMAGES,
  stepErrors,
  withDisclosure,
} from '../../../contracts/advertisements.ts';
import {
  type AdWizardInput,
  adWizardMachine,
  EMPTY_DRAFT,
  type WizardAd,
  weightedLength,
} from '../../../machines/adWizardMachine.ts';
import { ApiRequestError } from '../../../machines/errors.ts';
import type { ModelOptions } from '../model-harness.ts';
import type { FakeServer, OracleSuite } from '../oracle-harness.ts';

/**
 * The request wizard's oracle (issue 13 "The request", /ad?step=1..4; ADR 0063): a reference model written
 * from the rules, never from the machine. Next only when the step's fields are right (their
 * messages shown otherwise), back to any earlier step, a server-side draft saved on every next (a new
 * one created, then updated), a reload resuming at its step but never past the first wrong one, submit
 * only when every step is right (else the first wrong step opens), up to 4 images uploaded to the saved
 * draft, the 「#PR」 disclosure never removed, and leaving with unsaved changes asking first.
 *
 * Observed: what the screen shows (the phase, the step, the fields, the field errors, the message,
 * whether there are unsaved changes) and the calls made to the API (and in flight).
 */

export interface WizardObservation {
  phase: string;
  step: number;
  adId: number | null;
  draft: AdDraft;
  dirty: boolean;
  errors: string[];
  message: string | null;
  calls: string[];
  inFlight: string[];
}

type Phase =
  | 'loading'
  | 'loadFailed'
  | 'editing'
  | 'saving'
  | 'uploading'
  | 'submitting'
  | 'confirmingLeave'
  | 'submitted'
  | 'left';

interface WizardModel {
  phase: Phase;
  shopId: number;
  step: number;
  /** The step a save leads to. */
  target: number;
  adId: number | null;
  draft: AdDraft;
  saved: AdDraft;
  errors: string[];
  message: string | null;
  files: number;
  calls: string[];
  inFlight: string | null;
}

export const TODAY = '2026-11-23';
export const VALID: AdDraft = {
  ...EMPTY_DRAFT,
  text: '#PR 季節のケーキ',
  hashtags: ['渋谷カフェ'],
  platforms: ['x'],
  units: 5,
  reward: 100,
  starts_on: '2026-11-24',
  ends_on: '2026-12-10',
};
export const SAVED: WizardAd = {
  id: 7,
  status: '下書き',
  is_first: false,
  reject_reason: null,
  draft: VALID,
};
const UPLOADED: WizardAd = { ...SAVED, draft: { ...VALID, image_urls: ['/media/post/a.webp'] } };
const FIELD_ERROR = new ApiRequestError('報酬を確認してください。', 'http', 422, {
  reward: ['報酬は100円以上'],
});
const IMAGE_ERROR = new ApiRequestError('画像を確認してください。', 'http', 422, {
  images: ['JPEG・PNG・WebPの画像を選んでください。'],
});
const NETWORK_DOWN = new TypeError('fetch failed');
const file = () => new Blob(['x'], { type: 'image/png' });

/** Issue 13: the calls on the wire (what the screen's actors send). */
export function describeWizardCall(src: string, input: unknown): string {
  const i = input as { shopId: number; adId: number | null; files?: readonly Blob[] };
  const save = i.adId === null ? 'POST /api/advertisements' : `PUT /api/advertisements/${i.adId}`;
  const target = i.adId ?? 'new';
  if (src === 'load')
    return i.adId === null
      ? `GET /api/advertisements?shop_id=${i.shopId}&status=下書き`
      : `GET /api/advertisements/${i.adId}`;
  if (src === 'save') return save;
  if (src === 'upload') return `${save}; POST /api/advertisements/${target}/images (${i.files?.length})`;
  if (src === 'submit') return `${save}; POST /api/advertisements/${target}/submit`;
  return `${src}?`;
}

const errorKeys = (step: number, d: AdDraft) => Object.keys(stepErrors(step, d, weightedLength, TODAY));
const invalid = (d: AdDraft, step: number) => errorKeys(step, d).length > 0;
const sorted = (keys: string[]) => [...new Set(keys)].sort();
/** The step a field is typed on (contracts FIELD_STEP); a message about no field keeps the step. */
const stepOfFields = (fields: string[], current: number) =>
  Math.min(current, ...fields.map((f) => FIELD_STEP[f.split('.')[0]!] ?? current));
/** What a failed call tells the user: the server's words, or a Japanese word about the connection. */
const failure = (error: unknown) =>
  error instanceof ApiRequestError
    ? { message: error.message, errors: Object.keys(error.errors ?? {}) }
    : {
        message: '保存できませんでした。通信状態を確認して、もう一度お試しください。',
        errors: [] as string[],
      };
const dirty = (m: WizardModel) => JSON.stringify(m.draft) !== JSON.stringify(m.saved);

function call(m: WizardModel, src: string, phase: Phase, extra: { files?: number } = {}): WizardModel {
  const label = describeWizardCall(src, {
    shopId: m.shopId,
    adId: m.adId,
    files: Array.from({ length: extra.files ?? 0 }),
  });
  return { ...m, ...extra, phase, calls: [...m.calls, label], inFlight: label };
}

function start(input: AdWizardInput): WizardModel {
  const target = Number.isInteger(input.step) && input.step! >= 1 && input.step! <= 4 ? input.step! : 1;
  const m: WizardModel = {
    phase: 'loading',
    shopId: input.shopId,
    step: 1,
    target,
    adId: input.adId,
    draft: EMPTY_DRAFT,
    saved: EMPTY_DRAFT,
    errors: [],
    message: null,
    files: 0,
    calls: [],
    inFlight: null,
  };
  return call(m, 'load', 'loading');
}

function step(model: WizardModel, e: EventObject): WizardModel {
  const ev = e as EventObject & {
    output?: WizardAd | null;
    error?: unknown;
    patch?: Partial<AdDraft>;
    step?: number;
    files?: readonly Blob[];
  };
  const m = model;
  const settled = { inFlight: null };
  switch (m.phase) {
    case 'loading': {
      if (e.type === 'xstate.error.actor.load')
        return { ...m, ...settled, phase: 'loadFailed', message: failure(ev.error).message };
      if (e.type !== 'xstate.done.actor.load') return m;
      // A reload resumes at the step of the URL, but never past the first step with a problem.
      const draft = ev.output?.draft ?? EMPTY_DRAFT;
      const blocked = [1, 2, 3].find((s) => s < m.target && invalid(draft, s));
      return {
        ...m,
        ...settled,
        phase: 'editing',
        adId: ev.output?.id ?? null,
        draft,
        saved: draft,
        step: blocked ?? m.target,
        message: null,
      };
    }
    case 'loadFailed':
      return e.type === 'wizard.retry' ? call(m, 'load', 'loading') : m;
    case 'editing':
      switch (e.type) {
        case 'wizard.edit': {
          const patch = { ...ev.patch } as Partial<AdDraft>;
          // The disclosure cannot be removed.
          if (patch.text !== undefined) patch.text = withDisclosure(patch.text);
          // A field being fixed loses its message.
          const errors = m.errors.filter((k) => !(k in patch));
          return { ...m, draft: { ...m.draft, ...patch }, errors, message: null };
        }
        case 'wizard.addImages': {
          const n = ev.files?.length ?? 0;
          if (n === 0) return m;
          // Up to 4 images: more are refused on the spot, nothing is sent.
          if (m.draft.image_urls.length + n > MAX_IMAGES)
            return { ...m, errors: sorted([...m.errors, 'images']), message: null };
          return call({ ...m, errors: [], message: null }, 'upload', 'uploading', { files: n });
        }
        case 'wizard.next':
          if (m.step === 4) return m;
          if (invalid(m.draft, m.step)) return { ...m, errors: sorted(errorKeys(m.step, m.draft)) };
          return call({ ...m, target: m.step + 1, errors: [], message: null }, 'save', 'saving');
        case 'wizard.back':
          return m.step > 1 ? { ...m, step: m.step - 1, errors: [] } : m;
        case 'wizard.goto':
          return Number.isInteger(ev.step) && ev.step! >= 1 && ev.step! < m.step
            ? { ...m, step: ev.step!, errors: [] }
            : m;
        case 'wizard.save':
          return call({ ...m, target: m.step, errors: [], message: null }, 'save', 'saving');
        case 'wizard.submit': {
          const wrong = sorted([1, 2, 3].flatMap((s) => errorKeys(s, m.draft)));
          if (wrong.length) return { ...m, errors: wrong, step: stepOfFields(wrong, m.step) };
          return call(m, 'submit', 'submitting');
        }
        case 'wizard.leave':
          return { ...m, phase: dirty(m) ? 'confirmingLeave' : 'left' };
        default:
          return m;
      }
    case 'saving':
      if (e.type === 'xstate.done.actor.save')
        return { ...m, ...settled, phase: 'editing', adId: ev.output!.id, saved: m.draft, step: m.target };
      if (e.type === 'xstate.error.actor.save') {
        const f = failure(ev.error);
        // The step of the first field the server refused opens.
        return {
          ...m,
          ...settled,
          phase: 'editing',
          message: f.message,
          errors: sorted(f.errors),
          step: stepOfFields(f.errors, m.step),
        };
      }
      return m;
    case 'uploading':
      if (e.type === 'xstate.done.actor.upload') {
        // The draft was saved, with the images the server now holds.
        const draft = { ...m.draft, image_urls: ev.output!.draft.image_urls };
        return { ...m, ...settled, phase: 'editing', adId: ev.output!.id, draft, saved: draft, files: 0 };
      }
      if (e.type === 'xstate.error.actor.upload') {
        const f = failure(ev.error);
        return {
          ...m,
          ...settled,
          phase: 'editing',
          files: 0,
          message: f.message,
          errors: sorted(f.errors),
          step: stepOfFields(f.errors, m.step),
        };
      }
      return m;
    case 'submitting':
      if (e.type === 'xstate.done.actor.submit')
        return { ...m, ...settled, phase: 'submitted', adId: ev.output!.id, saved: m.draft };
      if (e.type === 'xstate.error.actor.submit') {
        const f = failure(ev.error);
        return {
          ...m,
          ...settled,
          phase: 'editing',
          message: f.message,
          errors: sorted(f.errors),
          step: stepOfFields(f.errors, m.step),
        };
      }
      return m;
    case 'confirmingLeave':
      if (e.type === 'wizard.confirmLeave') return { ...m, phase: 'left' };
      if (e.type === 'wizard.cancelLeave') return { ...m, phase: 'editing' };
      return m;
    default:
      return m;
  }
}

const observe = (m: WizardModel): WizardObservation => ({
  phase: m.phase,
  step: m.step,
  adId: m.adId,
  draft: m.draft,
  dirty: dirty(m),
  errors: m.errors,
  message: m.message,
  calls: m.calls,
  inFlight: m.inFlight ? [m.inFlight] : [],
});

function world() {
  return {
    actions: {},
    observe(ui: { context: unknown; value: unknown }, server: FakeServer): WizardObservation {
      const c = ui.context as {
        step: number;
        adId: number | null;
        draft: AdDraft;
        saved: AdDraft;
        errors: Record<string, string[]>;
        message: string | null;
      };
      return {
        phase: String(ui.value),
        step: c.step,
        adId: c.adId,
        draft: c.draft,
        dirty: JSON.stringify(c.draft) !== JSON.stringify(c.saved),
        errors: Object.keys(c.errors).sort(),
        message: c.message,
        calls: [...server.made],
        inFlight: server.inFlight(),
      };
    },
  };
}

export const adWizardModel: ModelOptions<AdWizardInput> = {
  machine: adWizardMachine,
  inputs: [
    { name: 'new request at step 1', input: { shopId: 1, adId: null, step: 1, today: TODAY } },
    // A reload of /ad?step=3&id=7 (or a link from the sent-back mail).
    { name: 'reload of draft 7 at step 3', input: { shopId: 1, adId: 7, step: 3, today: TODAY } },
  ],
  events: [
    { type: 'xstate.done.actor.load', output: null },
    { type: 'xstate.done.actor.load', output: SAVED },
    { type: 'xstate.error.actor.load', error: NETWORK_DOWN },
    { type: 'wizard.retry' },
    { type: 'wizard.edit', patch: VALID },
    { type: 'wizard.edit', patch: { reward: 50 } },
    { type: 'wizard.edit', patch: { text: '季節のケーキ' } },
    { type: 'wizard.edit', patch: { image_urls: [] } },
    { type: 'wizard.addImages', files: [file()] },
    { type: 'wizard.addImages', files: [] },
    { type: 'wizard.addImages', files: Array.from({ length: MAX_IMAGES + 1 }, file) },
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'wizard.goto', step: 1 },
    { type: 'wizard.save' },
    { type: 'wizard.submit' },
    { type: 'xstate.done.actor.save', output: SAVED },
    { type: 'xstate.error.actor.save', error: FIELD_ERROR },
    { type: 'xstate.done.actor.upload', output: UPLOADED },
    { type: 'xstate.error.actor.upload', error: IMAGE_ERROR },
    { type: 'xstate.done.actor.submit', output: { ...SAVED, status: '審査中' } },
    { type: 'xstate.error.actor.submit', error: FIELD_ERROR },
    { type: 'wizard.leave' },
    { type: 'wizard.confirmLeave' },
    { type: 'wizard.cancelLeave' },
  ] as EventObject[],
  project: (s) => ({
    step: s.context.step,
    target: s.context.target,
    adId: s.context.adId,
    draft: JSON.stringify(s.context.draft),
    saved: JSON.stringify(s.context.saved),
  }),
  // Every answer from every place, where a place is the phase, the step, a new or saved draft and
  // unsaved changes or not (a forward goto, or a submit of a never-saved draft, only shows there).
  pathKey: (s, input) => [
    input,
    s.value,
    s.context.step,
    s.context.adId,
    JSON.stringify(s.context.draft) !== JSON.stringify(s.context.saved),
  ],
  pathPer: 'event',
};

export const adWizardSuite: OracleSuite<AdWizardInput, WizardObservation, WizardModel> = {
  name: 'adWizardMachine',
  machine: adWizardMachine,
  model: adWizardModel,
  // A state that looks right must still act right: a jump forward is no way round a step's checks
  // (paths are built only from events the machine takes, so it is probed here), next saves (or shows
  // the step's messages), and leaving asks first when there are unsaved changes.
  probe: [
    { type: 'wizard.goto', step: 3 } as EventObject,
    { type: 'wizard.next' },
    { type: 'wizard.leave' },
    { type: 'wizard.confirmLeave' },
  ],
  world,
  describeCall: describeWizardCall,
  oracle: { start, step, observe },
};
