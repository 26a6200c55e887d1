import { useEffect, useEffectEvent, useState } from 'react';
import {
  PAID_STATUSES,
  type PaidStatus,
  SHOP_STATUSES,
  SHOP_UNDER_REVIEW_STATUS,
  type ShopDetail,
  type StaffCompany,
} from '../../../contracts/shops.ts';
import { asApiError, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { listCompanies } from './api/list-companies.ts';
import { listStaffShops } from './api/list-staff-shops.ts';
import { reviewCompany } from './api/review-company.ts';
import { reviewShop } from './api/review-shop.ts';
import { SelectField, TextAreaField } from './ShopFields.tsx';
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '会社・お店の審査',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '会社・お店の審査' }],
  lead: '申し込まれた会社とお店の内容を確認し、承認または審査NGにします。結果はお客さまにメールでお知らせします。',
};

const Details = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $4',
  margin: '0 0 $3',
  fontSize: '$small',
  '& dt': { fontWeight: 700 },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const Cover = styled('img', {
  width: '100%',
  maxWidth: '360px',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: '$md',
});
const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });

type Page<T> = {
  state: 'loading' | 'done' | 'failed';
  items: T[];
  next: number | null;
  error: string | null;
};

/** One list with 「さらに読み込む」: keyset pages of 50 from the server. */
function usePages<T>(
  load: (cursor: number | undefined) => Promise<{ data: T[]; next_cursor: number | null }>,
  key: string,
) {
  const [page, setPage] = useState<Page<T>>({ state: 'loading', items: [], next: null, error: null });
  // NOTE: `key` names the query; `load` is a new closure on every render, read by the effect as an event.
  const first = useEffectEvent(() => load(undefined));
  useEffect(() => {
    let live = true;
    setPage({ state: 'loading', items: [], next: null, error: null });
    first().then(
      (r) => live && setPage({ state: 'done', items: r.data, next: r.next_cursor, error: null }),
      (err: unknown) =>
        live && setPage({ state: 'failed', items: [], next: null, error: asApiError(err).message }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  const more = async () => {
    if (page.next === null) return;
    const r = await load(page.next);
    setPage((p) => ({ ...p, items: [...p.items, ...r.data], next: r.next_cursor }));
  };
  const replace = (match: (item: T) => boolean, next: T | null) =>
    setPage((p) => ({
      ...p,
      items: next ? p.items.map((i) => (match(i) ? next : i)) : p.items.filter((i) => !match(i)),
    }));
  return { page, more, replace };
}

function CompanyReview({ company, onSaved }: { company: StaffCompany; onSaved: (c: StaffCompany) => void }) {
  const [status, setStatus] = useState<string>(company.paid_status);
  const [reason, setReason] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const save = async () => {
    const r = await run(() => reviewCompany(company.id, { paid_status: status, reason }));
    if (r.ok) onSaved({ ...company, ...r.value });
  };
  return (
    <Card as="article" aria-label={company.name}>
      <h3>{company.name}</h3>
      <HistoryLink table="companies" id={company.id} />
      <Details>
        <dt>フリガナ</dt>
        <dd>{company.name_kana ?? '—'}</dd>
        <dt>代表者</dt>
        <dd>{company.representative ?? '—'}</dd>
        <dt>所在地</dt>
        <dd>
          {company.postal_code ? `〒${company.postal_code} ` : ''}
          {company.address ?? '—'}
        </dd>
        <dt>電話番号</dt>
        <dd>{company.phone ?? '—'}</dd>
        <dt>インボイス登録番号</dt>
        <dd>{company.invoice_number ?? 'なし'}</dd>
        <dt>担当者</dt>
        <dd>
          {company.members
            .map((m) => `${m.name}（@${m.screen_name}${m.email ? `・${m.email}` : ''}）`)
            .join('、') || '—'}
        </dd>
        <dt>申込日時</dt>
        <dd>{formatDateTime(company.created_at)}</dd>
        <dt>現在の状況</dt>
        <dd>{company.paid_status}</dd>
      </Details>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <SelectField
        label="ご利用状況"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        errors={errors.paid_status}
      >
        {PAID_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="お客さまへのコメント（メールでお知らせします）"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        errors={errors.reason}
        maxLength={1000}
      />
      <Button onClick={save} disabled={busy} aria-busy={busy}>
        ご利用状況を保存する
      </Button>
    </Card>
  );
}

function ShopReview({ shop, onDecided }: { shop: ShopDetail; onDecided: (s: ShopDetail) => void }) {
  const [reason, setReason] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const decide = async (decision: 'approve' | 'reject') => {
    const r = await run(() => reviewShop(shop.id, { decision, reason }));
    if (r.ok) onDecided({ ...shop, status: r.value.status, review_reason: reason || null });
  };
  return (
    <Card as="article" aria-label={shop.name}>
      <h3>{shop.name}</h3>
      <HistoryLink table="shops" id={shop.id} />
      {shop.cover_image_url && <Cover src={shop.cover_image_url} alt="" />}
      <Details>
        <dt>お店のID</dt>
        <dd>@{shop.screen_name}</dd>
        <dt>会社</dt>
        <dd>
          {shop.company_name}（{shop.paid_status}）
        </dd>
        <dt>カテゴリ</dt>
        <dd>{shop.category ?? '—'}</dd>
        <dt>住所</dt>
        <dd>
          {shop.prefecture ?? ''} {shop.address ?? '—'}
        </dd>
        <dt>営業時間</dt>
        <dd>{shop.opening_hours ?? '—'}</dd>
        <dt>電話番号</dt>
        <dd>{shop.phone ?? '—'}</dd>
        <dt>ウェブサイト</dt>
        <dd>{shop.url ?? '—'}</dd>
        <dt>紹介文</dt>
        <dd style={{ whiteSpace: 'pre-wrap' }}>{shop.description ?? '—'}</dd>
        <dt>審査状況</dt>
        <dd>{shop.status}</dd>
        {shop.review_reason && (
          <>
            <dt>前回のコメント</dt>
            <dd>{shop.review_reason}</dd>
          </>
        )}
      </Details>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <TextAreaField
        label="審査NGの理由（承認のときは空欄で構いません）"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        errors={errors.reason}
        maxLength={1000}
      />
      <Actions>
        <Button onClick={() => decide('approve')} disabled={busy}>
          承認して公開する
        </Button>
        <Button variant="danger" onClick={() => decide('reject')} disabled={busy}>
          審査NGにする
        </Button>
      </Actions>
    </Card>
  );
}

/** Issue 12 / product design section 7: companies and shops waiting for review, and every shop by name. */
export default function AdminShopListPage() {
  const [paidStatus, setPaidStatus] = useState<PaidStatus | ''>('審査中');
  const [shopStatus, setShopStatus] = useState<string>(SHOP_UNDER_REVIEW_STATUS);
  const companies = usePages(
    (cursor) =>
      listCompanies({ ...(paidStatus ? { paid_status: paidStatus } : {}), ...(cursor ? { cursor } : {}) }),
    `companies:${paidStatus}`,
  );
  const shops = usePages(
    (cursor) =>
      listStaffShops({
        ...(shopStatus ? { status: shopStatus as typeof SHOP_UNDER_REVIEW_STATUS } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    `shops:${shopStatus}`,
  );

  return (
    <PageFrame {...head}>
      <section aria-labelledby="companies-title">
        <h2 id="companies-title">会社</h2>
        <SelectField
          label="ご利用状況で絞り込む"
          value={paidStatus}
          onChange={(e) => setPaidStatus(e.target.value as PaidStatus | '')}
        >
          <option value="">すべて</option>
          {PAID_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {companies.page.state === 'loading' && <PageLoading label="会社を読み込んでいます…" />}
        {companies.page.state === 'failed' && (
          <EmptyState title="会社を読み込めませんでした">{companies.page.error}</EmptyState>
        )}
        {companies.page.state === 'done' && companies.page.items.length === 0 && (
          <EmptyState title="該当する会社はありません" />
        )}
        {companies.page.items.map((c) => (
          <CompanyReview
            key={c.id}
            company={c}
            onSaved={(next) => companies.replace((i) => i.id === c.id, next)}
          />
        ))}
        {companies.page.next !== null && (
          <Button variant="outline" onClick={() => void companies.more()}>
            さらに読み込む
          </Button>
        )}
      </section>
      <section aria-labelledby="shops-title" style={{ marginTop: 32 }}>
        <h2 id="shops-title">お店</h2>
        <SelectField
          label="審査状況で絞り込む"
          value={shopStatus}
          onChange={(e) => setShopStatus(e.target.value)}
        >
          <option value="">すべて</option>
          {SHOP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {shops.page.state === 'loading' && <PageLoading label="お店を読み込んでいます…" />}
        {shops.page.state === 'failed' && (
          <EmptyState title="お店を読み込めませんでした">{shops.page.error}</EmptyState>
        )}
        {shops.page.state === 'done' && shops.page.items.length === 0 && (
          <EmptyState title="該当するお店はありません" />
        )}
        {shops.page.items.map((s) => (
          <ShopReview key={s.id} shop={s} onDecided={(next) => shops.replace((i) => i.id === s.id, next)} />
        ))}
        {shops.page.next !== null && (
          <Button variant="outline" onClick={() => void shops.more()}>
            さらに読み込む
          </Button>
        )}
      </section>
    </PageFrame>
  );
}
