/**
 * Stripe.js (issue 14, ADR 0112): loaded from https://js.stripe.com/v3 as Stripe requires (never bundled),
 * only by the card entry of `/payments`, only when the server names Stripe as the provider, and only after
 * the shop chose card. The CSP allows the origin only when Stripe is configured.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/** The part of Stripe.js this app uses. */
export interface StripeElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (e: { complete?: boolean }) => void): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
  submit(): Promise<{ error?: { message?: string } }>;
}
export interface StripeJs {
  elements(options: {
    clientSecret: string;
    locale?: string;
    appearance?: Record<string, unknown>;
  }): StripeElements;
  confirmSetup(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string; type?: string }; setupIntent?: { id: string; status: string } }>;
}
type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<StripeFactory> | null = null;

export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
