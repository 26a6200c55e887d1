import type { OAuthPlan } from './fakes.ts';
import { auxUrl } from './ports.ts';

/** Tells the local OAuth provider what its next authorisation does (log someone in, or fail). */
export async function planOAuth(plan: OAuthPlan): Promise<void> {
  const res = await fetch(`${auxUrl()}/oauth/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(plan),
  });
  if (!res.ok) throw new Error(`oauth plan endpoint answered ${res.status}`);
}

/** Every verification the local reCAPTCHA endpoint answered, oldest first. */
export async function recaptchaLog(): Promise<{ response: string; success: boolean }[]> {
  const res = await fetch(`${auxUrl()}/recaptcha/log`);
  return (await res.json()) as { response: string; success: boolean }[];
}
