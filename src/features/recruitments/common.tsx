import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { imageSrcSet, RECRUITMENT_CARD_SIZES } from '../../../contracts/images.ts';
import type { Recruitment, RecruitmentSummary } from '../../../contracts/recruitments.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { formatDate, formatDateTime, formatPeriod, formatYen } from '../../platform/ui/format.ts';
import { Notice } from '../../platform/ui/Page.tsx';
import { type DrawCheck, verifyDraw } from './verify-draw.ts';

export { formatDate, formatPeriod };

/** A moment as product design section 8 writes it, in Japan time: `2026年11月26日（木） 18:30`. */
export const formatMoment = formatDateTime;

export const Badge = styled('span', {
  display: 'inline-block',
  px: '$2',
  py: '2px',
  borderRadius: '$sm',
  fontSize: '$tiny',
  fontWeight: 700,
  backgroundColor: '$gray100',
  color: '$gray900',
  variants: {
    tone: {
      open: { backgroundColor: '$primaryPale', color: '$primaryText' },
      done: { backgroundColor: '$greenPale', color: '$greenText' },
      info: { backgroundColor: '$secondaryPale', color: '$secondaryText' },
      muted: {},
    },
  },
});

const TONES: Record<string, 'open' | 'done' | 'info' | 'muted'> = {
  募集中: 'open',
  選考中: 'info',
  当選発表済: 'done',
  当選: 'done',
  完了: 'done',
  体験済: 'info',
  投稿済: 'info',
  応募中: 'open',
};
export const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={TONES[status] ?? 'muted'}>{status}</Badge>
);

const Grid = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$4',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
  '@lg': { gridTemplateColumns: 'repeat(3, 1fr)' },
  '& > li > a': {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    borderRadius: '$lg',
    overflow: 'hidden',
    backgroundColor: '$white',
    boxShadow: '$card',
    color: '$gray900',
    textDecoration: 'none',
  },
});
const Photo = styled('div', {
  aspectRatio: '4 / 3',
  backgroundColor: '$primaryPale',
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
});
const CardBody = styled('div', {
  padding: '$3 $4 $4',
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  '& h2': { fontSize: '$h4', margin: 0 },
  '& p': { fontSize: '$small', color: '$gray700', margin: 0 },
});
const Benefit = styled('p', { fontWeight: 700, '&&': { color: '$primaryText' } });
const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '2px $3',
  margin: '$2 0 0',
  fontSize: '$small',
  '& dt': { color: '$muted' },
  '& dd': { margin: 0 },
});

/** Cards whose photo is on the first screen of a phone or a wide window. */
const EAGER_CARDS = 3;

/** Photo-led cards (issue 15): the benefit, the number of winners, the deadline and the area. */
export function RecruitmentCards({ items, base }: { items: RecruitmentSummary[]; base: string }) {
  return (
    <Grid>
      {items.map((r, i) => (
        <li key={r.id}>
          <Link href={`${base}/${r.id}`}>
            <Photo>
              {r.cover && (
                <img
                  src={r.cover.url}
                  // Issue 29: a phone fetches the 800 px copy, not the stored 1600 px (contracts/images.ts).
                  srcSet={imageSrcSet(r.cover.url, r.cover.width)}
                  sizes={RECRUITMENT_CARD_SIZES}
                  alt=""
                  // The first cards are on the first screen (issue 11): loaded at once, the first one first.
                  loading={i < EAGER_CARDS ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  width={r.cover.width}
                  height={r.cover.height}
                />
              )}
            </Photo>
            <CardBody>
              <p>
                <StatusBadge status={r.status} /> {r.shop.name}
              </p>
              <h2>{r.title}</h2>
              <Benefit>
                特典：{r.benefit}（{formatYen(r.benefit_value)}相当）
              </Benefit>
              <Facts>
                <dt>当選人数</dt>
                <dd>{r.winners_count}名</dd>
                <dt>応募締切</dt>
                <dd>{formatDate(r.application_ends_at)}</dd>
                <dt>エリア</dt>
                <dd>{r.target_prefecture ?? r.shop.prefecture ?? '全国'}</dd>
              </Facts>
            </CardBody>
          </Link>
        </li>
      ))}
    </Grid>
  );
}

const Mono = styled('code', { wordBreak: 'break-all', fontSize: '$tiny' });
const CheckList = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: '0 0 $3',
  '& li': { marginBottom: '$2' },
});

const mark = (ok: boolean) => (ok ? '一致' : '不一致');

/** The published lottery and, after the draw, the browser's own recomputation (issue 15, rule 4). */
export function DrawAudit({ r }: { r: Recruitment }) {
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const [failed, setFailed] = useState(false);
  const drawn =
    r.seed !== null && r.entry_ids !== null && r.entry_ids_hash !== null && r.winner_entry_ids !== null;
  useEffect(() => {
    setCheck(null);
    setFailed(false);
  }, [r]);

  const verify = async () => {
    if (!drawn || !r.seed_commitment) return;
    try {
      setCheck(
        await verifyDraw({
          id: r.id,
          winners_count: r.winners_count,
          seed: r.seed!,
          seed_commitment: r.seed_commitment,
          entry_ids: r.entry_ids!,
          entry_ids_hash: r.entry_ids_hash!,
          winner_entry_ids: r.winner_entry_ids!,
          declined_entry_ids: r.declined_entry_ids,
        }),
      );
    } catch {
      setFailed(true);
    }
  };

  if (r.selection === 'manual') {
    return <p>この募集の当選者は、抽選ではなくお店と運営が選びました。</p>;
  }
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">抽選の公開情報</h2>
      <p>
        抽選は公開の手順で行います。募集開始時にシード値のハッシュ（コミットメント）を公開し、抽選後にシード値を公開します。だれでも結果を検算できます。
      </p>
      <dl>
        <dt>シード値のコミットメント（SHA-256）</dt>
        <dd>
          <Mono>{r.seed_commitment ?? '募集開始時に公開します'}</Mono>
        </dd>
        {drawn && (
          <>
            <dt>抽選日時</dt>
            <dd>{formatMoment(r.drawn_at)}</dd>
            <dt>シード値</dt>
            <dd>
              <Mono>{r.seed}</Mono>
            </dd>
            <dt>抽選対象の応募番号（{r.entry_ids!.length}件）</dt>
            <dd>
              <Mono>{r.entry_ids!.join(',')}</Mono>
            </dd>
            <dt>応募番号のハッシュ（SHA-256）</dt>
            <dd>
              <Mono>{r.entry_ids_hash}</Mono>
            </dd>
            <dt>当選した応募番号（順位順）</dt>
            <dd>
              <Mono>{r.winner_entry_ids!.join(', ')}</Mono>
              {r.declined_entry_ids?.length
                ? `（辞退・取り消しで繰り上げた枠：${r.declined_entry_ids.join(', ')}）`
                : ''}
            </dd>
          </>
        )}
      </dl>
      {drawn && (
        <>
          <Button variant="secondary" onClick={verify}>
            このブラウザで検証する
          </Button>
          {failed && (
            <Notice tone="danger">
              このブラウザでは検証できませんでした（Web Crypto に対応していません）。
            </Notice>
          )}
          {check && (
            <div role="status" aria-label="検証結果">
              <Notice tone={check.matches ? 'info' : 'danger'}>
                {check.matches
                  ? '検証の結果、公開された抽選結果と一致しました。'
                  : '検証の結果、公開された抽選結果と一致しませんでした。'}
              </Notice>
              <CheckList>
                <li>シード値のコミットメント：{mark(check.commitmentMatches)}</li>
                <li>応募番号のハッシュ：{mark(check.entryIdsHashMatches)}</li>
                <li>当選者（順位の上位）：{mark(check.winnersMatch)}</li>
              </CheckList>
              <details>
                <summary>順位の計算結果（HMAC-SHA256）</summary>
                <ol>
                  {check.ranking.map((e) => (
                    <li key={e.entryId}>
                      応募番号 {e.entryId}：<Mono>{e.rank}</Mono>
                    </li>
                  ))}
                </ol>
              </details>
            </div>
          )}
          <details>
            <summary>検証の手順</summary>
            <ol>
              <li>
                シード値（64桁の16進数）を32バイトに戻し、その SHA-256
                がコミットメントと一致することを確かめます。
              </li>
              <li>
                応募番号を小さい順に「,」でつないだ文字列の SHA-256
                が、応募番号のハッシュと一致することを確かめます。
              </li>
              <li>
                各応募について
                HMAC-SHA256（鍵＝シード値の32バイト、メッセージ＝「募集番号:応募番号」）を計算し、値の小さい順に並べた上位が当選です。
              </li>
            </ol>
          </details>
        </>
      )}
    </section>
  );
}

/** The winners holding a place now: drawn or picked, less those who declined or were cancelled. */
export const currentWinners = (r: Recruitment): number[] =>
  (r.winner_entry_ids ?? []).filter((e) => !r.replacements.some((x) => x.entry_id === e));

/**
 * Issue 23: what the public page states beside the audit record: applications closed before the
 * deadline (when and why), and each place a winner gave back or lost, with the reason, the time and
 * the entry moved up into it.
 */
export function ClosingRecord({ r }: { r: Recruitment }) {
  if (!r.closed_early && r.replacements.length === 0) return null;
  return (
    <section aria-labelledby={`closing-${r.id}`}>
      <h2 id={`closing-${r.id}`}>締め切りと繰り上げの記録</h2>
      {r.closed_early && (
        <Notice tone="info" role="note" aria-label="早めの締め切り">
          応募は締切日より前の {formatMoment(r.closed_early.at)} に、運営が締め切りました。
          <br />
          理由：{r.closed_early.reason}
        </Notice>
      )}
      {r.replacements.length > 0 && (
        <ul aria-label="繰り上げの記録">
          {r.replacements.map((x) => (
            <li key={x.entry_id}>
              応募番号 {x.entry_id}：{x.kind === 'declined' ? '当選を辞退' : '当選を取り消し'}（
              {formatMoment(x.released_at)}）。理由：{x.reason}。
              {x.replaced_by_entry_id !== null
                ? ` 応募番号 ${x.replaced_by_entry_id} が繰り上げ当選（${formatMoment(x.replaced_at)}）。`
                : ' 繰り上げ当選の抽選を待っています。'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
