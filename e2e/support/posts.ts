import { callApi, expect, type Someone } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { postOnSns } from './mail.ts';

/** A day in Japan, `offset` days from today, as the API takes it (YYYY-MM-DD). */
export const tokyoDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/** A TikTok video id carries the Unix second in its upper 32 bits: a post of now. */
export const tiktokPost = (handle: string) =>
  `https://www.tiktok.com/@${handle}/video/${(BigInt(Math.floor(Date.now() / 1000)) << 32n) + BigInt(Math.floor(Math.random() * 1000))}`;

type UnitRow = { id: number; advertisement_id: number; status: string };

/**
 * The shop's request on TikTok at `reward` (written and submitted by its owner, approved by staff) and the
 * supporter's post on it, reported and waiting for the owner's judgement; answers the unit and its approval.
 * The supporter needs an approved TikTok account `handle` and to follow the shop, so the offer reaches them.
 */
export async function postToJudge(
  supporter: Page,
  people: { owner: Someone; staff: Someone; shopId: number },
  handle: string,
  reward: number,
  tag: string,
): Promise<{ unitId: number; approve: () => Promise<unknown> }> {
  const wait = expect.configure({ timeout: 20_000 });
  const stamp = `${reward}-${Date.now().toString(36)}`;
  const ad = await people.owner.call<{ id: number }>('POST', '/api/advertisements', {
    shop_id: people.shopId,
    text: `#PR 冬の苺タルト、はじめました（${stamp}）`,
    hashtags: [tag],
    platforms: ['tiktok'],
    units: 5,
    reward,
    starts_on: tokyoDay(0),
    ends_on: tokyoDay(14),
  });
  await people.owner.call('POST', `/api/advertisements/${ad.id}/submit`);
  await people.staff.call('POST', `/api/advertisements/${ad.id}/approve`);
  const unitOf = async () =>
    (await callApi<{ items: UnitRow[] }>(supporter, 'GET', '/api/units')).items.find(
      (u) => u.advertisement_id === ad.id,
    );
  await wait.poll(async () => (await unitOf())?.status).toBe('offered');
  const unit = (await unitOf())!;
  await callApi(supporter, 'POST', `/api/units/${unit.id}/accept`, { platform: 'tiktok' });
  const url = tiktokPost(handle);
  await postOnSns({ platform: 'tiktok', url, author: handle, text: `#PR 冬の苺タルト（${stamp}） #${tag}` });
  await callApi(supporter, 'POST', `/api/units/${unit.id}/proof`, { post_url: url });
  await wait.poll(async () => (await unitOf())?.status).toBe('posted');
  return { unitId: unit.id, approve: () => people.owner.call('POST', `/api/units/${unit.id}/approve`) };
}
