import { useId, useState } from 'react';
import type { RecruitmentSummary } from '../../../contracts/recruitments.ts';
import { PREFECTURES } from '../../../contracts/prefectures.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { inputStyles } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getRecruitments, getRecruitmentsAhead } from './api/get-recruitments.ts';
import { RecruitmentCards } from './common.tsx';

/** Shop categories people filter by (the shops' own category text). */
export const CATEGORIES = [
  'カフェ',
  'レストラン',
  '居酒屋',
  'ラーメン',
  'パン屋',
  'スイーツ',
  '美容・サロン',
] as const;

const Select = styled('select', { ...inputStyles, width: 'auto', minWidth: '160px' });
const Filters = styled('form', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$3',
  alignItems: 'flex-end',
  marginBottom: '$5',
  '& label': { display: 'flex', flexDirection: 'column', gap: '$1', fontSize: '$small', fontWeight: 700 },
});
const More = styled('div', { textAlign: 'center', margin: '$5 0' });

/** Seed spec section 2 / issue 15: open monitor recruitments as photo-led cards, open to guests. */
export default function RecruitmentsPage() {
  const ids = { prefecture: useId(), category: useId() };
  const [prefecture, setPrefecture] = useState('');
  const [category, setCategory] = useState('');
  const [extra, setExtra] = useState<{ items: RecruitmentSummary[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const filter = {
    stage: 'open' as const,
    ...(prefecture ? { prefecture: prefecture as (typeof PREFECTURES)[number] } : {}),
    ...(category ? { category } : {}),
  };
  const key = `${prefecture}|${category}`;
  const res = useResource(
    (signal) => {
      setExtra(null);
      return getRecruitments(filter, signal);
    },
    key,
    // A guest's page brings the open recruitments (ADR 0156), drawn in its HTML too (ADR 0198).
    () => getRecruitmentsAhead(filter),
  );

  const items = res.state === 'done' ? [...res.data.items, ...(extra?.items ?? [])] : [];
  const cursor = extra ? extra.cursor : res.state === 'done' ? res.data.next_cursor : null;
  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await getRecruitments({ ...filter, cursor });
      setExtra({ items: [...(extra?.items ?? []), ...page.items], cursor: page.next_cursor });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <PageFrame
      title="モニター募集"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'モニター募集' }]}
      lead="お店の新メニューやサービスを体験して、感想をSNSで紹介するモニター募集です。当選するとお店の特典を受けられます。"
    >
      <Filters role="search" aria-label="モニター募集の絞り込み" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={ids.prefecture}>
          エリア
          <Select id={ids.prefecture} value={prefecture} onChange={(e) => setPrefecture(e.target.value)}>
            <option value="">すべての都道府県</option>
            {PREFECTURES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
        </label>
        <label htmlFor={ids.category}>
          カテゴリー
          <Select id={ids.category} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">すべてのカテゴリー</option>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </label>
      </Filters>
      {res.state === 'loading' ? (
        <PageLoading label="募集を読み込んでいます…" />
      ) : res.state === 'failed' ? (
        <MessageView title="モニター募集を読み込めませんでした">{res.error.message}</MessageView>
      ) : items.length === 0 ? (
        <EmptyState
          title="条件に合う募集中のモニター募集はありません"
          action={<ButtonLink href="/favorites?type=follow">お気に入りのお店を探す</ButtonLink>}
        >
          新しいモニター募集が始まると、ここに表示されます。エリアやカテゴリーを変えてお探しください。
        </EmptyState>
      ) : (
        <>
          <RecruitmentCards items={items} base="/recruitments" />
          {cursor && (
            <More>
              <Button variant="outline" onClick={loadMore} disabled={loadingMore}>
                もっと見る
              </Button>
            </More>
          )}
        </>
      )}
    </PageFrame>
  );
}
