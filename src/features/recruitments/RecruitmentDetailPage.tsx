import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { POST_PLATFORMS, type Recruitment, TARGET_AUDIENCES } from '../../../contracts/recruitments.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import type { ScreenProps } from '../../platform/routing.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { MessageView, NotFoundView } from '../../platform/ui/StatusViews.tsx';
import { applyTo } from './api/apply.ts';
import { getRecruitment } from './api/get-recruitment.ts';
import { ClosingRecord, formatPeriod, StatusBadge } from './common.tsx';

const Gallery = styled('div', {
  display: 'grid',
  gap: '$2',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  marginBottom: '$5',
  '& img': { width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: '$md' },
});
const TextArea = styled('textarea', { ...inputStyles, minHeight: '96px', py: '$3' });

export function RecruitmentFacts({ r }: { r: Recruitment }) {
  return (
    <table>
      <tbody>
        <tr>
          <th scope="row">特典</th>
          <td>
            {r.benefit}（{formatYen(r.benefit_value)}相当）
          </td>
        </tr>
        <tr>
          <th scope="row">当選人数</th>
          <td>{r.winners_count}名</td>
        </tr>
        <tr>
          <th scope="row">応募期間</th>
          <td>{formatPeriod(r.application_starts_at, r.application_ends_at)}</td>
        </tr>
        <tr>
          <th scope="row">来店期間</th>
          <td>{formatPeriod(r.visit_starts_at, r.visit_ends_at)}</td>
        </tr>
        <tr>
          <th scope="row">投稿するSNS</th>
          <td>{POST_PLATFORMS[r.platform]}</td>
        </tr>
        <tr>
          <th scope="row">投稿の条件</th>
          <td>{r.conditions}</td>
        </tr>
        <tr>
          <th scope="row">対象</th>
          <td>
            {TARGET_AUDIENCES[r.target_audience]}
            {r.target_prefecture ? `・${r.target_prefecture}にお住まいの方` : ''}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function ApplyBox({ r, onApplied }: { r: Recruitment; onApplied: () => void }) {
  const { login } = useAuth();
  const answerId = useId();
  const [answer, setAnswer] = useState('');
  const { busy, message, errors, run } = useSubmission();
  if (r.my_entry) {
    return (
      <Notice tone="info" role="status">
        このモニター募集に応募済みです（状況：{r.my_entry.status}）。{' '}
        <Link href={`/entries/${r.my_entry.id}`}>応募の詳細を見る</Link>
      </Notice>
    );
  }
  if (r.status !== '募集中') {
    return <Notice>このモニター募集の応募受付は終了しました。</Notice>;
  }
  if (!login) {
    return (
      <>
        <p>応募にはログインが必要です。</p>
        <ButtonLink href="/login">ログインして応募する</ButtonLink>
      </>
    );
  }
  // Issue 23: who may not apply is told so before pressing the button (operators, the shop's own
  // people, supporters not approved or without an approved account on the platform).
  if (r.apply_problem) {
    return (
      <Notice tone="info" role="note" aria-label="応募について">
        {r.apply_problem}
      </Notice>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(() => applyTo(r.id, r.question ? { answer } : {}));
    if (done.ok) onApplied();
  };
  return (
    <form onSubmit={submit} noValidate>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {r.question && (
        <p>
          <label htmlFor={answerId}>
            <strong>応募時の質問：</strong>
            {r.question}
          </label>
          <TextArea
            id={answerId}
            maxLength={400}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-invalid={errors.answer?.length ? true : undefined}
            aria-describedby={errors.answer?.length ? `${answerId}-error` : undefined}
          />
          <FieldErrors id={`${answerId}-error`} errors={errors.answer} />
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        このモニター募集に応募する
      </Button>
    </form>
  );
}

/** Seed spec section 2 / issue 15: one recruitment, with its details and the apply button. */
export default function RecruitmentDetailPage({ params }: ScreenProps) {
  const id = Number(params.recruitmentId);
  const [version, setVersion] = useState(0);
  const { login } = useAuth();
  const res = useResource((signal) => getRecruitment(id, signal), `${id}:${version}:${login}`);
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="モニター募集" />;
    return <MessageView title="モニター募集を表示できません">{res.error.message}</MessageView>;
  }
  const r = res.data;
  return (
    <PageFrame
      title={r.title}
      breadcrumbs={[{ label: 'モニター募集', href: '/recruitments' }, { label: r.title }]}
      lead={
        <>
          <StatusBadge status={r.status} /> {r.shop.name}
          {r.shop.prefecture ? `（${r.shop.prefecture}）` : ''}
        </>
      }
    >
      {r.images.length > 0 && (
        <Gallery>
          {r.images.map((img, i) => (
            <img
              key={img.url}
              src={img.url}
              width={img.width}
              height={img.height}
              alt={`${r.title}の写真${i + 1}`}
            />
          ))}
        </Gallery>
      )}
      <Card>
        <Prose>
          <p style={{ whiteSpace: 'pre-wrap' }}>{r.description}</p>
          <RecruitmentFacts r={r} />
        </Prose>
        <Notice tone="info">
          当選後の投稿には、広告であることを示す「#PR」を投稿の最初に必ず入れてください。
        </Notice>
        <ApplyBox r={r} onApplied={() => setVersion((v) => v + 1)} />
      </Card>
      {(r.closed_early || r.replacements.length > 0) && (
        <Card>
          <ClosingRecord r={r} />
        </Card>
      )}
      <p>
        抽選は公開の手順で行います。
        <Link href={`/winner-picker/${r.id}`}>抽選の公開情報と当選発表を見る</Link>
      </p>
    </PageFrame>
  );
}
