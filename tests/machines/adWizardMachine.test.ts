import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdDraft, FIELD_MESSAGES } from '../../contracts/advertisements.ts';
import { ApiRequestError } from '../../machines/errors.ts';
import { adWizardMachine, type WizardAd } from '../../machines/adWizardMachine.ts';
import { SAVED, TODAY } from './oracles/adWizard.ts';

/**
 * Issue 13, the request wizard (/ad?step=1..4). The generated paths over its graph, checked by the
 * oracle of tests/machines/oracles/adWizard.ts, run in tests/machines/model.test.ts (and on mutants in
 * `npm run test:mutants`); here are the rules a single path shows better.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('adWizardMachine: rules that the graph cannot show by state alone', () => {
  it('the text keeps its 「#PR」 disclosure whatever is typed', async () => {
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

describe('adWizardMachine: images and a failed load', () => {
  it('a new request is saved before its images are uploaded; the images the server holds are the saved ones', async () => {
    const calls: string[] = [];
    const actor = createActor(
      adWizardMachine.provide({
        actors: {
          load: fromPromise<WizardAd | null, { shopId: number; adId: number | null }>(async () => null),
          upload: fromPromise<
            WizardAd,
            { shopId: number; adId: number | null; draft: AdDraft; files: readonly Blob[] }
          >(async ({ input }) => {
            calls.push(`upload ${input.adId} ${input.files.length} ${input.draft.text}`);
            return { ...SAVED, draft: { ...input.draft, image_urls: ['/media/a.webp', '/media/b.webp'] } };
          }),
        },
      }),
      { input: { shopId: 1, adId: null, today: TODAY } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    actor.send({ type: 'wizard.edit', patch: { text: 'ケーキ' } });
    const two = [new Blob(['a']), new Blob(['b'])];
    actor.send({ type: 'wizard.addImages', files: two });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(calls).toEqual(['upload null 2 #PR ケーキ']);
    const c = actor.getSnapshot().context;
    expect(c.adId).toBe(SAVED.id);
    expect(c.draft.image_urls).toEqual(['/media/a.webp', '/media/b.webp']);
    expect(c.saved).toEqual(c.draft);
    // Three more would make five: refused on the spot with the field's message, nothing sent.
    actor.send({ type: 'wizard.addImages', files: [new Blob(['c']), new Blob(['d']), new Blob(['e'])] });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.images).toEqual([FIELD_MESSAGES.images]);
    expect(calls).toHaveLength(1);
  });

  it('a retry after a failed load shows the form without the old failure message', async () => {
    let fail = true;
    const actor = createActor(
      adWizardMachine.provide({
        actors: {
          load: fromPromise<WizardAd | null, { shopId: number; adId: number | null }>(async () => {
            if (fail) throw new ApiRequestError('読み込めませんでした。', 'http', 500);
            return SAVED;
          }),
        },
      }),
      { input: { shopId: 1, adId: 7, step: 2, today: TODAY } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loadFailed'));
    expect(actor.getSnapshot().context.message).toBe('読み込めませんでした。');
    fail = false;
    actor.send({ type: 'wizard.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ message: null, step: 2, adId: 7 });
  });
});
