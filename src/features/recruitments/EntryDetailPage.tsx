import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { Card, PageFrame } from '../../components/Page.tsx';
import { MessageView, NotFoundView } from '../../components/StatusViews.tsx';
import { useApiGet } from '../../hooks/api.ts';
import type { ScreenProps } from '../../routes/table.ts';
import { formatDate } from './common.tsx';

type Entry = {
  id: number;
  status: string;
  recruitment?: { title?: string } | null;
  created_at?: string | null;
};

const NEXT: Record<string, string> = {
  応募中: '選考結果をお待ちください。当選した場合はメールでお知らせします。',
  当選: 'おめでとうございます。お店に来店・体験して、体験済みの報告をしてください。',
  落選: '今回はご縁がありませんでした。ほかのお試しサポートにもぜひご応募ください。',
  体験済: '体験の感想を「#PR」を付けて投稿し、投稿のURLを提出してください。',
  投稿済: 'お店が投稿を確認しています。',
  完了: 'ご参加ありがとうございました。',
};

/** Seed spec section 2: one entry (the id passed the id rule before this screen loaded). */
export default function EntryDetailPage({ params }: ScreenProps) {
  const id = Number(params.entryId);
  const res = useApiGet<Entry>(`/api/entries/${id}`);
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="応募" />;
    return <MessageView title="応募を表示できません">{res.error.message}</MessageView>;
  }
  const e = res.data;
  return (
    <PageFrame
      title="応募の詳細"
      breadcrumbs={[
        { label: '応募状況', href: '/entries' },
        { label: e.recruitment?.title ?? `応募 #${e.id}` },
      ]}
    >
      <Card>
        <h2>{e.recruitment?.title ?? 'モニター募集'}</h2>
        <p>状況：{e.status}</p>
        <p>応募日：{formatDate(e.created_at)}</p>
        <p>{NEXT[e.status] ?? ''}</p>
      </Card>
    </PageFrame>
  );
}
