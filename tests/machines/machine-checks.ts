import { strict as assert } from 'node:assert';
import { type AnyStateMachine, createActor, fromPromise, waitFor } from 'xstate';
import { type AdDraft, MAX_IMAGES } from '../../contracts/advertisements.ts';
import { ApiRequestError } from '../../machines/errors.ts';
import { makeUser } from './fixtures.ts';
import { SAVED, TODAY, VALID } from './oracles/adWizard.ts';

/**
 * Issue 28 (g), ADR 0163: single-path checks of what guards and assigns compute, for the source mutants
 * (tests/machines/source-mutation.ts) that the oracle paths let through because no path shows the value:
 * a field the oracle does not observe (a request's status, its first-request flag), or a value that differs
 * only on a path the graph walk does not take (a reload at step 4). No Vitest in here: the mutation runner
 * runs them on a mutant that passed its oracle suite (a throw kills it), and machine-checks.test.ts runs
 * them on the real machines.
 */
export interface MachineCheck {
  name: string;
  run(machine: AnyStateMachine): Promise<void>;
}

type Call = (input: never) => Promise<unknown>;
const never = () => new Promise<never>(() => {});
const actorsOf = (names: string[], calls: Partial<Record<string, Call>>) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        ({ input }: { input: never }) => (calls[name] ? calls[name](input) : never()) as Promise<never>,
      ),
    ]),
  );

// ---- authMachine ---------------------------------------------------------------------------------------
const AUTH_ACTORS = [
  'refreshToken',
  'fetchMe',
  'login',
  'logout',
  'fetchShop',
  'loginShop',
  'flagUp',
  'oauthUrl',
];
const AUTH_EFFECTS = [
  'persist',
  'storeToken',
  'clearSession',
  'removeReferralShopId',
  'navigate',
  'redirect',
  'scrollToTop',
  'storeOAuthMode',
  'report',
  'toastError',
];

const AUTH_CHECKS: MachineCheck[] = [
  {
    name: 'auth.sessionExpired (the request layer saw a 401) signs out: no token, user or shop is left',
    async run(machine) {
      const user = makeUser();
      const actor = createActor(
        machine.provide({
          actors: actorsOf(AUTH_ACTORS, { refreshToken: async () => 'tok2', fetchMe: async () => user }),
          actions: Object.fromEntries(AUTH_EFFECTS.map((n) => [n, () => {}])),
        } as never),
        { input: { token: 'tok', stored: null } },
      ).start();
      await waitFor(actor, (s) => s.matches('signedIn'), { timeout: 1000 });
      actor.send({ type: 'auth.sessionExpired' });
      const c = actor.getSnapshot().context as { token: unknown; user: unknown; login: boolean };
      actor.stop();
      assert.deepEqual(
        { token: c.token, user: c.user, login: c.login },
        { token: null, user: null, login: false },
      );
    },
  },
];

// ---- adWizardMachine -----------------------------------------------------------------------------------
type WizardContext = {
  step: number;
  status: string | null;
  isFirst: boolean;
  rejectReason: string | null;
  errors: Record<string, string[]>;
  message: string | null;
  files: readonly Blob[];
  draft: AdDraft;
};
const BUSY = ['loading', 'saving', 'uploading', 'submitting'];
const file = () => new Blob(['x'], { type: 'image/png' });
const FIELD_ERROR = new ApiRequestError('報酬を確認してください。', 'http', 422, {
  reward: ['報酬は100円以上'],
});

/** The wizard on its calls; `settle` waits until no call is in flight. */
function wizard(
  machine: AnyStateMachine,
  calls: Partial<Record<'load' | 'save' | 'upload' | 'submit', Call>>,
  step = 1,
  adId: number | null = 7,
) {
  const actor = createActor(
    machine.provide({ actors: actorsOf(['load', 'save', 'upload', 'submit'], calls) } as never),
    {
      input: { shopId: 1, adId, step, today: TODAY },
    },
  ).start();
  const settle = async () => {
    await waitFor(actor, (s) => !BUSY.some((b) => s.matches(b)), { timeout: 1000 });
    return actor.getSnapshot().context as WizardContext;
  };
  return { actor, settle, send: (e: Record<string, unknown>) => actor.send(e as never) };
}

const ADWIZARD_CHECKS: MachineCheck[] = [
  {
    name: 'a request takes pictures up to MAX_IMAGES in all (3 held + 1 new is not over the limit)',
    async run(machine) {
      const three = { ...VALID, image_urls: ['/a.webp', '/b.webp', '/c.webp'] };
      assert.equal(three.image_urls.length + 1, MAX_IMAGES);
      const w = wizard(machine, { load: async () => ({ ...SAVED, draft: three }) });
      await w.settle();
      w.send({ type: 'wizard.addImages', files: [file()] });
      assert.equal(w.actor.getSnapshot().value, 'uploading');
      w.actor.stop();
    },
  },
  {
    name: 'an edit clears the errors of the fields it changes and the failure message',
    async run(machine) {
      const w = wizard(machine, { load: async () => SAVED, save: () => Promise.reject(FIELD_ERROR) });
      await w.settle();
      w.send({ type: 'wizard.save' });
      let c = await w.settle();
      assert.ok(c.message && c.errors.reward, 'the failed save shows its message and field error');
      w.send({ type: 'wizard.edit', patch: { reward: 200 } });
      c = w.actor.getSnapshot().context as WizardContext;
      w.actor.stop();
      assert.deepEqual({ message: c.message, reward: c.errors.reward }, { message: null, reward: undefined });
    },
  },
  {
    name: 'too many pictures: the limit is shown as a field error and the failure message goes',
    async run(machine) {
      const full = { ...VALID, image_urls: ['/a.webp', '/b.webp', '/c.webp', '/d.webp'] };
      const w = wizard(machine, {
        load: async () => ({ ...SAVED, draft: full }),
        save: () => Promise.reject(FIELD_ERROR),
      });
      await w.settle();
      w.send({ type: 'wizard.save' });
      await w.settle();
      w.send({ type: 'wizard.addImages', files: [file()] });
      const c = w.actor.getSnapshot().context as WizardContext;
      w.actor.stop();
      assert.deepEqual(
        { message: c.message, images: Boolean(c.errors.images) },
        { message: null, images: true },
      );
    },
  },
  {
    name: 'a save (and a next) after a failed one starts without the old errors and message',
    async run(machine) {
      let fail = true;
      const w = wizard(machine, {
        load: async () => SAVED,
        save: async () => {
          if (fail) throw FIELD_ERROR;
          return SAVED;
        },
      });
      await w.settle();
      w.send({ type: 'wizard.save' });
      await w.settle();
      fail = false;
      w.send({ type: 'wizard.save' });
      const c = await w.settle();
      w.actor.stop();
      assert.deepEqual({ message: c.message, errors: c.errors }, { message: null, errors: {} });
    },
  },
  {
    name: 'back to the previous step leaves the errors of the step behind',
    async run(machine) {
      const w = wizard(machine, { load: async () => ({ ...SAVED, draft: { ...VALID, units: 0 } }) }, 2);
      let c = await w.settle();
      assert.equal(c.step, 2);
      w.send({ type: 'wizard.next' });
      assert.ok(Object.keys((w.actor.getSnapshot().context as WizardContext).errors).length > 0);
      w.send({ type: 'wizard.back' });
      c = w.actor.getSnapshot().context as WizardContext;
      w.actor.stop();
      assert.deepEqual({ step: c.step, errors: c.errors }, { step: 1, errors: {} });
    },
  },
  {
    name: 'a reload stops at the first step with a problem: step 2 of a reload at 3, step 3 of a reload at 4',
    async run(machine) {
      const at = async (draft: AdDraft, step: number) => {
        const w = wizard(machine, { load: async () => ({ ...SAVED, draft }) }, step);
        const c = await w.settle();
        w.actor.stop();
        return c.step;
      };
      assert.equal(await at({ ...VALID, units: 0 }, 3), 2);
      assert.equal(await at({ ...VALID, starts_on: '', ends_on: '' }, 4), 3);
    },
  },
  {
    name: 'a loaded request keeps its status, first-request flag and the reason it was sent back',
    async run(machine) {
      const w = wizard(machine, {
        load: async () => ({
          ...SAVED,
          status: '差し戻し',
          is_first: true,
          reject_reason: '画像が不鮮明です',
        }),
      });
      const c = await w.settle();
      w.actor.stop();
      assert.deepEqual(
        { status: c.status, isFirst: c.isFirst, rejectReason: c.rejectReason },
        { status: '差し戻し', isFirst: true, rejectReason: '画像が不鮮明です' },
      );
    },
  },
  {
    name: 'a retry after a failed load shows the form without the old failure',
    async run(machine) {
      let fail = true;
      const w = wizard(machine, {
        load: async () => {
          if (fail) throw new TypeError('fetch failed');
          return SAVED;
        },
      });
      let c = await w.settle();
      assert.ok(c.message);
      fail = false;
      w.send({ type: 'wizard.retry' });
      c = await w.settle();
      w.actor.stop();
      assert.equal(c.message, null);
    },
  },
  {
    name: 'saving, uploading and submitting keep the status the server answered; an upload forgets its files',
    async run(machine) {
      const answered = (status: string) => async (input: { draft: AdDraft }) => ({
        ...SAVED,
        status,
        draft: { ...input.draft, image_urls: ['/a.webp'] },
      });
      const w = wizard(
        machine,
        {
          load: async () => null,
          save: answered('下書き') as Call,
          upload: answered('差し戻し') as Call,
          submit: answered('審査中') as Call,
        },
        1,
        null,
      );
      const seen: unknown[] = [];
      await w.settle();
      w.send({ type: 'wizard.edit', patch: VALID });
      w.send({ type: 'wizard.save' });
      let c = await w.settle();
      seen.push(c.status);
      w.send({ type: 'wizard.addImages', files: [file()] });
      c = await w.settle();
      seen.push(c.status, c.files.length);
      w.send({ type: 'wizard.submit' });
      await waitFor(w.actor, (s) => s.status === 'done', { timeout: 1000 });
      seen.push((w.actor.getSnapshot().context as WizardContext).status);
      assert.deepEqual(seen, ['下書き', '差し戻し', 0, '審査中']);
    },
  },
  {
    name: 'a failed upload forgets its files too',
    async run(machine) {
      const w = wizard(machine, {
        load: async () => SAVED,
        upload: () => Promise.reject(new TypeError('fetch failed')),
      });
      await w.settle();
      w.send({ type: 'wizard.addImages', files: [file()] });
      const c = await w.settle();
      w.actor.stop();
      assert.equal(c.files.length, 0);
    },
  },
];

/** The checks of each machine, by its name (the oracle suite's). */
export const MACHINE_CHECKS: Record<string, MachineCheck[]> = {
  authMachine: AUTH_CHECKS,
  adWizardMachine: ADWIZARD_CHECKS,
};

/** The first check `machine` fails, or null. */
export async function failedCheck(name: string, machine: AnyStateMachine): Promise<string | null> {
  for (const check of MACHINE_CHECKS[name] ?? []) {
    try {
      await check.run(machine);
    } catch (error) {
      return `${check.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }
  return null;
}
