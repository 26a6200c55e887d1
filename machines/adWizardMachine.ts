import twitterText from 'twitter-text';
import { assign, fromPromise, setup } from 'xstate';
import {
  type AdDraft,
  type AdStatus,
  FIELD_STEP,
  type FieldErrors,
  FIELD_MESSAGES,
  MAX_IMAGES,
  stepErrors,
  WIZARD_STEPS,
  withDisclosure,
} from '../contracts/advertisements.ts';
import { ApiRequestError } from './errors.ts';

/**
 * The support-request wizard at /ad?step=1..4 (issue 13, product design section 3): back and next, the
 * checks of each step before "next" (the contract's `stepErrors`, the same the server runs at submit), a
 * server-side draft saved on every "next" so that a reload or another device resumes it, and a question
 * before leaving with unsaved changes. Images (up to 4, step 1) go to the storage service as soon as they
 * are picked: the draft is saved first (a new one gets its id), then the files are uploaded to it. The
 * feature provides the API calls as the `load`, `save`, `upload` and `submit` actors
 * (src/features/advertisements/wizard/wizardLogic.ts); every action is named here, in `setup`.
 */

/** What the wizard loads and saves: the draft's fields and what the screen shows beside them. */
export interface WizardAd {
  id: number;
  status: AdStatus;
  is_first: boolean;
  reject_reason: string | null;
  draft: AdDraft;
}

export interface AdWizardContext {
  shopId: number;
  adId: number | null;
  step: number;
  /** The step a save in progress leads to. */
  target: number;
  /** The files an upload in progress sends. */
  files: readonly Blob[];
  draft: AdDraft;
  /** The draft as last saved (unsaved changes = a difference). */
  saved: AdDraft;
  isFirst: boolean;
  status: AdStatus | null;
  rejectReason: string | null;
  errors: FieldErrors;
  message: string | null;
  /** Japan's date (`YYYY-MM-DD`), for "the start is not in the past". */
  today: string;
}

export type AdWizardEvent =
  | { type: 'wizard.edit'; patch: Partial<AdDraft> }
  /** Files picked in the image field (removing one is a `wizard.edit` of `image_urls`). */
  | { type: 'wizard.addImages'; files: readonly Blob[] }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.goto'; step: number }
  | { type: 'wizard.save' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.leave' }
  | { type: 'wizard.confirmLeave' }
  | { type: 'wizard.cancelLeave' }
  | { type: 'wizard.retry' };

export interface AdWizardInput {
  shopId: number;
  adId: number | null;
  step?: number;
  today: string;
}

export const EMPTY_DRAFT: AdDraft = {
  text: withDisclosure(''),
  hashtags: [],
  landing_url: null,
  platforms: [],
  units: null,
  reward: null,
  starts_on: null,
  ends_on: null,
  image_urls: [],
};

/** X's weighted count (twitter-text), the one the server uses. */
export const weightedLength = (post: string) => twitterText.parseTweet(post).weightedLength;

const clampStep = (n: number | undefined) => (Number.isInteger(n) && n! >= 1 && n! <= WIZARD_STEPS ? n! : 1);
const same = (a: AdDraft, b: AdDraft) => JSON.stringify(a) === JSON.stringify(b);
export const isDirty = (c: AdWizardContext) => !same(c.draft, c.saved);
const errorsOf = (c: AdWizardContext, step: number) => stepErrors(step, c.draft, weightedLength, c.today);
const allErrors = (c: AdWizardContext) =>
  Object.assign({}, ...[1, 2, 3].map((s) => errorsOf(c, s))) as FieldErrors;
const firstErrorStep = (errors: FieldErrors, fallback: number) =>
  Math.min(...Object.keys(errors).map((f) => FIELD_STEP[f.split('.')[0]!] ?? fallback), fallback);
const failure = (error: unknown) =>
  error instanceof ApiRequestError
    ? { message: error.message, errors: error.errors }
    : { message: '保存できませんでした。通信状態を確認して、もう一度お試しください。', errors: {} };

export const adWizardMachine = setup({
  types: {
    context: {} as AdWizardContext,
    events: {} as AdWizardEvent,
    input: {} as AdWizardInput,
  },
  actors: {
    /** The draft to resume (by id, or the shop's newest draft), or null to start a new one. */
    load: fromPromise<WizardAd | null, { shopId: number; adId: number | null }>(async () => null),
    /** Creates (adId null) or updates the draft. */
    save: fromPromise<WizardAd, { shopId: number; adId: number | null; draft: AdDraft }>(async () => {
      throw new Error('save not provided');
    }),
    /** Saves the draft (creating it when new), then uploads the files to it; answers the saved request. */
    upload: fromPromise<
      WizardAd,
      { shopId: number; adId: number | null; draft: AdDraft; files: readonly Blob[] }
    >(async () => {
      throw new Error('upload not provided');
    }),
    /** Saves, then submits for review. */
    submit: fromPromise<WizardAd, { shopId: number; adId: number | null; draft: AdDraft }>(async () => {
      throw new Error('submit not provided');
    }),
  },
  guards: {
    stepInvalid: ({ context }) => Object.keys(errorsOf(context, context.step)).length > 0,
    isFirstStep: ({ context }) => context.step <= 1,
    isLastStep: ({ context }) => context.step >= WIZARD_STEPS,
    isEarlierStep: ({ context, event }) =>
      event.type === 'wizard.goto' &&
      Number.isInteger(event.step) &&
      event.step >= 1 &&
      event.step < context.step,
    anyInvalid: ({ context }) => Object.keys(allErrors(context)).length > 0,
    dirty: ({ context }) => isDirty(context),
    noFiles: ({ event }) => event.type === 'wizard.addImages' && event.files.length === 0,
    tooManyImages: ({ context, event }) =>
      event.type === 'wizard.addImages' && context.draft.image_urls.length + event.files.length > MAX_IMAGES,
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'wizard.edit') return {};
      const patch = { ...event.patch };
      // The disclosure cannot be removed (product design section 7).
      if (patch.text !== undefined) patch.text = withDisclosure(patch.text);
      if (context.isFirst) {
        delete patch.units;
        delete patch.reward;
      }
      const errors = { ...context.errors };
      for (const key of Object.keys(patch)) delete errors[key];
      return { draft: { ...context.draft, ...patch }, errors, message: null };
    }),
    showStepErrors: assign(({ context }) => ({ errors: errorsOf(context, context.step) })),
    showImageLimit: assign(({ context }) => ({
      errors: { ...context.errors, images: [FIELD_MESSAGES.images] },
      message: null,
    })),
    keepFiles: assign(({ event }) =>
      event.type === 'wizard.addImages' ? { files: event.files, errors: {}, message: null } : {},
    ),
    showAllErrors: assign(({ context }) => {
      const errors = allErrors(context);
      return { errors, step: firstErrorStep(errors, context.step) };
    }),
    aimNext: assign(({ context }) => ({ target: context.step + 1, errors: {}, message: null })),
    aimHere: assign(({ context }) => ({ target: context.step, errors: {}, message: null })),
    stepBack: assign(({ context }) => ({ step: context.step - 1, errors: {} })),
    gotoStep: assign(({ event }) => (event.type === 'wizard.goto' ? { step: event.step, errors: {} } : {})),
    /** The loaded draft, or a new one: a reload resumes at the URL's step, never past the first with a problem. */
    resume: assign(({ context }, { ad }: { ad: WizardAd | null }) => {
      const draft = ad?.draft ?? EMPTY_DRAFT;
      const next = { ...context, draft };
      const blocked = [1, 2, 3].find((s) => s < context.target && Object.keys(errorsOf(next, s)).length);
      return {
        adId: ad?.id ?? null,
        draft,
        saved: draft,
        isFirst: ad?.is_first ?? false,
        status: ad?.status ?? null,
        rejectReason: ad?.reject_reason ?? null,
        step: blocked ?? context.target,
        // A retry after a failed load shows the form without the old failure.
        message: null,
      };
    }),
    showLoadFailure: assign((_, { error }: { error: unknown }) => ({ message: failure(error).message })),
    /** The draft was saved: it is the saved one now, and the step the save aimed at opens. */
    keepSaved: assign(({ context }, { ad }: { ad: WizardAd }) => ({
      adId: ad.id,
      saved: context.draft,
      status: ad.status,
      step: context.target,
    })),
    // The draft was saved with the images the server now holds (the only change to them there).
    keepUploaded: assign(({ context }, { ad }: { ad: WizardAd }) => {
      const draft = { ...context.draft, image_urls: ad.draft.image_urls };
      return { adId: ad.id, status: ad.status, draft, saved: draft, files: [] };
    }),
    keepSubmitted: assign(({ context }, { ad }: { ad: WizardAd }) => ({
      adId: ad.id,
      saved: context.draft,
      status: ad.status,
    })),
    /** A failed save or submit: its message, its field errors, and the first step with one of them. */
    showFailure: assign(({ context }, { error }: { error: unknown }) => {
      const { message, errors } = failure(error);
      return { message, errors, step: firstErrorStep(errors, context.step) };
    }),
    showUploadFailure: assign(({ context }, { error }: { error: unknown }) => {
      const { message, errors } = failure(error);
      return { message, errors, files: [], step: firstErrorStep(errors, context.step) };
    }),
  },
}).createMachine({
  id: 'adWizard',
  context: ({ input }) => ({
    shopId: input.shopId,
    adId: input.adId,
    step: 1,
    target: clampStep(input.step),
    files: [],
    draft: EMPTY_DRAFT,
    saved: EMPTY_DRAFT,
    isFirst: false,
    status: null,
    rejectReason: null,
    errors: {},
    message: null,
    today: input.today,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ shopId: context.shopId, adId: context.adId }),
        onDone: {
          target: 'editing',
          actions: { type: 'resume', params: ({ event }) => ({ ad: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'wizard.retry': 'loading' },
    },
    editing: {
      on: {
        'wizard.edit': { actions: 'edit' },
        'wizard.next': [
          { guard: 'isLastStep' },
          { guard: 'stepInvalid', actions: 'showStepErrors' },
          { target: 'saving', actions: 'aimNext' },
        ],
        'wizard.back': [{ guard: 'isFirstStep' }, { actions: 'stepBack' }],
        'wizard.goto': { guard: 'isEarlierStep', actions: 'gotoStep' },
        'wizard.save': { target: 'saving', actions: 'aimHere' },
        'wizard.addImages': [
          { guard: 'noFiles' },
          { guard: 'tooManyImages', actions: 'showImageLimit' },
          { target: 'uploading', actions: 'keepFiles' },
        ],
        'wizard.submit': [{ guard: 'anyInvalid', actions: 'showAllErrors' }, { target: 'submitting' }],
        'wizard.leave': [{ guard: 'dirty', target: 'confirmingLeave' }, { target: 'left' }],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ shopId: context.shopId, adId: context.adId, draft: context.draft }),
        onDone: {
          target: 'editing',
          actions: { type: 'keepSaved', params: ({ event }) => ({ ad: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          shopId: context.shopId,
          adId: context.adId,
          draft: context.draft,
          files: context.files,
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'keepUploaded', params: ({ event }) => ({ ad: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showUploadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ shopId: context.shopId, adId: context.adId, draft: context.draft }),
        onDone: {
          target: 'submitted',
          actions: { type: 'keepSubmitted', params: ({ event }) => ({ ad: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingLeave: {
      on: { 'wizard.confirmLeave': 'left', 'wizard.cancelLeave': 'editing' },
    },
    submitted: { type: 'final' },
    left: { type: 'final' },
  },
});
