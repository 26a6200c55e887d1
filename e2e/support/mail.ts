import { expect } from '@playwright/test';
import type { CapturedMail } from './fakes.ts';
import { findLink } from './mime.ts';
import { auxUrl } from './ports.ts';

/** The mails the local SMTP server received for one address (oldest first). */
export async function mailsTo(address: string): Promise<CapturedMail[]> {
  const res = await fetch(`${auxUrl()}/mail?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`mail endpoint answered ${res.status}`);
  return (await res.json()) as CapturedMail[];
}

/** Waits for a mail to `address` and returns it (the newest when several arrived). */
export async function waitForMail(address: string, timeout = 15_000): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address);
        found = mails.at(-1);
        return mails.length;
      },
      { timeout, message: `${address} 宛てのメールが届きませんでした` },
    )
    .toBeGreaterThan(0);
  return found!;
}

/** The link of a mail that leads back to the app (its path contains `pathPart` when given). */
export function linkIn(mail: CapturedMail, pathPart = ''): string {
  const link = findLink(mail, pathPart);
  if (!link) throw new Error(`メール「${mail.subject}」にリンクがありません:\n${mail.text}`);
  return link;
}

/** Issue 23: a post on an SNS, held by the stand-in the server's post checker asks (the aux server passes it on). */
export async function postOnSns(post: {
  platform: string;
  url: string;
  author: string;
  text: string;
}): Promise<void> {
  const res = await fetch(`${auxUrl()}/sns/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(post),
  });
  if (!res.ok) throw new Error(`sns endpoint answered ${res.status}`);
}
