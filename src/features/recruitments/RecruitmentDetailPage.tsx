import { useAuth } from '../../app/hooks.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { Card, Notice, PageFrame, Prose } from '../../components/Page.tsx';
import { MessageView, NotFoundView } from '../../components/StatusViews.tsx';
import { useApiGet } from '../../hooks/api.ts';
import type { ScreenProps } from '../../routes/table.ts';
import { formatDate, type Recruitment } from './common.tsx';

/** Seed spec section 2: one trial support (the id passed the id rule before this screen loaded). */
export default function RecruitmentDetailPage({ params }: ScreenProps) {
  const id = Number(params.recruitmentId);
  const { login } = useAuth();
  const res = useApiGet<Recruitment>(`/api/recruitments/${id}`);
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="モニター募集" />;
    return <MessageView title="モニター募集を表示できません">{res.error.message}</MessageView>;
  }
  const r = res.data;
  return (
    <PageFrame
      title={r.title}
      breadcrumbs={[{ label: 'お試しサポート', href: '/recruitments' }, { label: r.title }]}
      lead={r.shop_name ?? undefined}
    >
      <Card>
        <Prose>
          {r.benefit && (
            <>
              <h2>特典</h2>
              <p>{r.benefit}</p>
            </>
          )}
          {r.description && <p>{r.description}</p>}
          <table>
            <tbody>
              <tr>
                <th scope="row">当選人数</th>
                <td>{r.winners_count ? `${r.winners_count}名` : '—'}</td>
              </tr>
              <tr>
                <th scope="row">応募期間</th>
                <td>
                  {formatDate(r.starts_at)}〜{formatDate(r.ends_at)}
                </td>
              </tr>
            </tbody>
          </table>
        </Prose>
        <Notice tone="info">当選後の投稿には、広告であることを示す「#PR」を必ず入れてください。</Notice>
        {!login && <ButtonLink href="/login">ログインして応募する</ButtonLink>}
      </Card>
    </PageFrame>
  );
}
