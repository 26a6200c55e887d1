import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import {
  type Entry,
  POST_AUTO_APPROVE_DAYS,
  POST_PLATFORMS,
  RECRUITMENT_MESSAGES,
} from '../../../contracts/recruitments.ts';
import { notify } from '../../platform/ui/notify.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import type { ScreenProps } from '../../platform/routing.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { MessageView, NotFoundView } from '../../platform/ui/StatusViews.tsx';
import { declineEntry } from './api/decline-entry.ts';
import { submitPost } from './api/submit-post.ts';
import { getEntry } from './api/get-entry.ts';
import { formatDate, formatPeriod, StatusBadge } from './common.tsx';

function nextStep(e: Entry): string {
  switch (e.status) {
    case '応募中':
      return '選考結果をお待ちください。結果はメールとこのページでお知らせします。';
    case '当選':
      return `おめでとうございます。来店期間（${formatPeriod(e.recruitment.visit_starts_at, e.recruitment.visit_ends_at)}）に${e.recruitment.shop_name}へ来店して、スタッフに「Focustarのモニターです」とお伝えください。お店が来店を確認すると、投稿に進めます。`;
    case '落選':
      return '今回は落選となりました。ほかのモニター募集にもぜひご応募ください。';
    case '体験済':
      if (e.reject_reason)
        return e.can_submit_post
          ? `お店が投稿を確認できませんでした（理由：${e.reject_reason}${e.reject_note ? `／${e.reject_note}` : ''}）。投稿を直して、URLをもう一度提出してください。再提出は1回までです。`
          : `お店が投稿を確認できませんでした（理由：${e.reject_reason}${e.reject_note ? `／${e.reject_note}` : ''}）。再提出はすでにご利用済みです。ご不明な点はお問い合わせください。`;
      return `体験の感想を「#PR」を付けて${POST_PLATFORMS[e.recruitment.platform]}に投稿し、投稿のURLを提出してください。`;
    case '投稿済':
      return `お店が投稿を確認しています。確認が終わるとメールでお知らせします（${POST_AUTO_APPROVE_DAYS}日以内に確認されない場合は、自動で承認されます）。`;
    case '辞退':
      return '当選を辞退しました。この枠は次の順位の方に繰り上げられます。ほかのモニター募集にもぜひご応募ください。';
    case '当選取消':
      return '当選は運営により取り消されました。理由はメールと募集の公開ページでお知らせしています。';
    case '完了':
      return e.auto_approved
        ? `提出から${POST_AUTO_APPROVE_DAYS}日が過ぎたため、投稿は自動で承認されました。モニターは完了です。ご協力ありがとうございました。`
        : 'モニターは完了しました。ご協力ありがとうございました。';
  }
}

function PostForm({ e, onDone }: { e: Entry; onDone: () => void }) {
  const [url, setUrl] = useState(e.post_url ?? '');
  const { busy, message, errors, run } = useSubmission();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const done = await run(() => submitPost(e.id, { post_url: url }));
    if (done.ok) onDone();
  };
  return (
    <form onSubmit={submit} noValidate>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Field
        label={`${POST_PLATFORMS[e.recruitment.platform]}の投稿のURL`}
        type="url"
        inputMode="url"
        value={url}
        onChange={(ev) => setUrl(ev.target.value)}
        errors={errors.post_url}
        hint="プロフィールではなく、投稿そのもののURLを入力してください。"
        required
      />
      <Button type="submit" disabled={busy || url.trim() === ''}>
        {e.reject_reason ? '投稿のURLを再提出する' : '投稿のURLを提出する'}
      </Button>
    </form>
  );
}

/**
 * Issue 23: the winner gives the place back before the visit (the place goes to the next rank), after a
 * confirmation; a toast says it was done.
 */
function DeclineButton({ e, onDone }: { e: Entry; onDone: () => void }) {
  const { busy, message, run } = useSubmission();
  const decline = async () => {
    if (
      !window.confirm(
        `「${e.recruitment.title}」の当選を辞退しますか？\n辞退すると、この枠は次の順位の方に繰り上げられます。元に戻せません。`,
      )
    )
      return;
    const done = await run(() => declineEntry(e.id));
    if (done.ok) {
      notify.success(RECRUITMENT_MESSAGES.declined);
      onDone();
    }
  };
  return (
    <>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <p>ご都合が合わなくなった場合は、来店前に当選を辞退できます。</p>
      <Button variant="outline" disabled={busy} onClick={() => void decline()}>
        当選を辞退する
      </Button>
    </>
  );
}

/** Seed spec section 2 / issue 15: one entry, with the next step. */
export default function EntryDetailPage({ params }: ScreenProps) {
  const id = Number(params.entryId);
  const [version, setVersion] = useState(0);
  const res = useResource((signal) => getEntry(id, signal), `${id}:${version}`);
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="応募" />;
    return <MessageView title="応募を表示できません">{res.error.message}</MessageView>;
  }
  const e = res.data;
  return (
    <PageFrame
      title="応募の詳細"
      breadcrumbs={[{ label: '応募状況', href: '/entries' }, { label: e.recruitment.title }]}
    >
      <Card>
        <h2>
          <Link href={`/recruitments/${e.recruitment.id}`}>{e.recruitment.title}</Link>
        </h2>
        <p>
          状況：
          <StatusBadge status={e.status} />
        </p>
        <Notice tone="info">{nextStep(e)}</Notice>
        <Prose>
          <table>
            <tbody>
              <tr>
                <th scope="row">お店</th>
                <td>{e.recruitment.shop_name}</td>
              </tr>
              <tr>
                <th scope="row">特典</th>
                <td>{e.recruitment.benefit}</td>
              </tr>
              <tr>
                <th scope="row">投稿の条件</th>
                <td>{e.recruitment.conditions}</td>
              </tr>
              <tr>
                <th scope="row">応募日</th>
                <td>{formatDate(e.created_at)}</td>
              </tr>
              {e.answer && (
                <tr>
                  <th scope="row">質問への回答</th>
                  <td>{e.answer}</td>
                </tr>
              )}
              {e.post_url && (
                <tr>
                  <th scope="row">投稿</th>
                  <td>
                    <a href={e.post_url} target="_blank" rel="noopener noreferrer">
                      {e.post_url}
                    </a>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </Prose>
        {e.can_submit_post && <PostForm e={e} onDone={() => setVersion((v) => v + 1)} />}
        {e.status === '当選' && <DeclineButton e={e} onDone={() => setVersion((v) => v + 1)} />}
        {['当選', '落選', '辞退', '当選取消'].includes(e.status) && (
          <p>
            <Link href={`/winner-picker/${e.recruitment.id}`}>抽選の公開情報を見る</Link>
          </p>
        )}
      </Card>
    </PageFrame>
  );
}
