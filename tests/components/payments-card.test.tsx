// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.tsx';
import { STRIPE_JS_URL } from '../../src/features/money/stripe-js.ts';
import { authActor } from '../../src/platform/session/actors.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import type { TestApp } from '../support/app.ts';
import { createInjectFetch, type InjectFetch } from '../support/inject-fetch.ts';
import { startStripeServer, type StripeServer } from '../support/stripe.ts';
import { createAccountsApp } from '../server/helpers.ts';

/**
 * Issue 14, ADR 0112: `/payments` in the shell against the real API configured with Stripe (the server's
 * Stripe code talks to the local server that answers like Stripe). The browser side of Stripe is the
 * one stand-in: js.stripe.com cannot load here, so when the page adds the script, the test answers it
 * with a small `Stripe()` that confirms the SetupIntent at the local Stripe server with the publishable
 * key and the client secret, as Stripe.js does. Checked: the script is added only after the shop chose
 * card, the card never reaches our API, and the saved card is shown.
 */
configure({ asyncUtilTimeout: 10_000 });

let t: TestApp;
let stripe: StripeServer;
let net: InjectFetch;

beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createAccountsApp('pglite', stripe.env);
  net = createInjectFetch(t.app);
  const realFetch = globalThis.fetch;
  // The app's own calls go to Fastify through inject; the server's calls to "Stripe" reach the local server.
  vi.stubGlobal('fetch', ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith(stripe.url) ? realFetch(input, init) : net.fetch(input, init);
  }) as typeof fetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
  await stripe.stop();
});
afterEach(async () => {
  cleanup();
  if (authActor.getSnapshot().context.login) {
    authActor.send({ type: 'auth.logout' });
    await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(false));
  }
  localStorage.clear();
});

const stripeScripts = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src.startsWith('https://js.stripe.com'));

/** A stand-in for Stripe.js: Elements mounts a box; confirmSetup confirms at the local Stripe server. */
function answerStripeJs(script: HTMLScriptElement) {
  const confirmed: string[] = [];
  window.Stripe = (publishableKey: string) => {
    expect(publishableKey).toBe(stripe.publishableKey);
    let secret = '';
    return {
      elements: ({ clientSecret }: { clientSecret: string }) => {
        secret = clientSecret;
        const elements = {
          create: () => {
            let ready: (e: object) => void = () => {};
            return {
              mount: (el: HTMLElement) => {
                el.textContent = 'カード番号（Stripe）';
                setTimeout(() => ready({}), 0);
              },
              destroy: () => {},
              on: (_event: string, handler: (e: object) => void) => {
                ready = handler;
              },
            };
          },
          submit: async () => ({}),
        };
        return elements;
      },
      confirmSetup: async () => {
        // Stripe.js sends the card to Stripe itself, with the publishable key and the client secret.
        const res = await stripe.confirmSetupIntent(secret, 'pm_card_mastercard');
        confirmed.push(String(res.body.id));
        return { setupIntent: { id: String(res.body.id), status: String(res.body.status) } };
      },
    } as never;
  };
  script.dispatchEvent(new Event('load'));
  return confirmed;
}

describe('/payments with Stripe configured: card through Stripe Elements (issue 14, ADR 0112)', () => {
  it('adds js.stripe.com only after choosing card, confirms at Stripe, and shows the saved card', async () => {
    await act(async () => {
      authActor.send({ type: 'auth.submitLogin', email: 'owner@example.com', password: DEMO_PASSWORD });
      await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(true));
    });
    window.history.pushState(null, '', '/payments');
    render(<App />);
    const current = await screen.findByRole('status', { name: '現在のお支払い方法' });
    expect(current.textContent).toContain('請求書払い（銀行振込）');
    const card = await screen.findByRole('radio', { name: /クレジットカード/ });
    expect((screen.getByRole('radio', { name: /請求書払い/ }) as HTMLInputElement).checked).toBe(true);
    expect(stripeScripts()).toEqual([]);
    expect(net.calls).not.toContain('POST /api/billing/card/setup');

    await userEvent.click(card);
    await waitFor(() => expect(stripeScripts()).toHaveLength(1));
    expect(stripeScripts()[0]!.src).toBe(STRIPE_JS_URL);
    expect(net.calls).toContain('POST /api/billing/card/setup');
    const confirmed = answerStripeJs(stripeScripts()[0]!);
    const submit = await screen.findByRole('button', { name: 'カードを登録する' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(submit);
    await waitFor(() => expect(current.textContent).toContain('Mastercard 末尾4444'));
    expect(confirmed).toHaveLength(1);
    // Our API got the intent's id only; no card data went through it.
    expect(net.calls.filter((c) => c.startsWith('POST'))).toEqual(
      expect.arrayContaining(['POST /api/billing/card/setup', 'POST /api/billing/card']),
    );
    delete window.Stripe;
  });
});
