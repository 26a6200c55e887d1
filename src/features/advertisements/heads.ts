import { AUTO_APPROVE_DAYS } from '../../../contracts/advertisements.ts';
import type { ModeHeads } from '../../platform/routing.ts';

const crumbs = [{ label: 'トップ', href: '/' }, { label: '拡散依頼の確認' }];

/**
 * ADR 0215: the heads of /advertisements (seed spec section 2, 拡散依頼の確認), one per mode: a supporter's
 * offers, a shop's requests and posts to judge. The screen exports them (AdvertisementsPage.tsx), so the
 * session frame shows the remembered mode's at the first paint.
 */
export const ADVERTISEMENTS_HEADS: ModeHeads = {
  focustar: {
    title: '拡散依頼の確認',
    breadcrumbs: crumbs,
    lead: 'お店から届いた拡散依頼です。内容を確認して、引き受けるかどうかを選んでください。',
  },
  shop: {
    title: '拡散依頼の確認',
    breadcrumbs: crumbs,
    lead: `お店の拡散依頼の状況と、確認待ちの投稿です。${AUTO_APPROVE_DAYS}日以内に確認しなかった投稿は、自動確認ができたものに限り自動で承認されます。`,
  },
};
