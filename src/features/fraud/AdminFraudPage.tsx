import { useState } from 'react';
import { Link } from 'wouter';
import {
  FRAUD_ACTION_LABELS,
  FRAUD_ACTIONS,
  FRAUD_KIND_LABELS,
  FRAUD_KINDS,
  FRAUD_MESSAGES,
  type FraudAction,
  type FraudFlag,
  type FraudKind,
} from '../../../contracts/fraud.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { formatDateTime } from '../../platform/ui/format.ts';
import { notify } from '../../platform/ui/notify.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { actOnFlag, listFlags } from './api/fraud.ts';

const List = styled('ul', { listStyle: 'none', padding: 0, margin: 0 });
const Filters = styled('div', { display: 'flex', gap: '$2', flexWrap: 'wrap', marginBottom: '$4' });
const Select = styled('select', { minHeight: '44px', fontSize: '16px', padding: '0 $2', maxWidth: '100%' });

/**
 * Issue 24, product design section 8 "Fraud": the signals, never acted on automatically. Staff look, then
 * hold payouts, release, suspend or close as fine, each with a note; each is asked first and reported after.
 */
export default function AdminFraudPage() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [kind, setKind] = useState<FraudKind | ''>('');
  const [version, setVersion] = useState(0);
  const flags = useResource(
    (signal) => listFlags({ status, ...(kind ? { kind } : {}) }, signal),
    `${status}:${kind}:${version}`,
  );
  return (
    <PageFrame
      title="不正の確認"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: '不正の確認' }]}
      lead="自動で見つけた不正の疑いです。自動で処分はしません。内容を確かめて、対応と理由のメモを記録してください。支払保留中のフォーカスターには、理由を伏せた案内が表示されます。"
    >
      <Filters role="group" aria-label="絞り込み">
        {(['open', 'closed'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'ghost'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {s === 'open' ? '未対応' : '対応済み'}
          </Button>
        ))}
        <label>
          種類{' '}
          <Select value={kind} onChange={(e) => setKind(e.target.value as FraudKind | '')}>
            <option value="">すべて</option>
            {FRAUD_KINDS.map((k) => (
              <option key={k} value={k}>
                {FRAUD_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </label>
      </Filters>
      {flags.state === 'loading' ? (
        <PageLoading />
      ) : flags.state === 'failed' ? (
        <Notice tone="danger">{flags.error.message}</Notice>
      ) : flags.data.items.length === 0 ? (
        <EmptyState title={status === 'open' ? '未対応の疑いはありません' : '対応済みの記録はありません'} />
      ) : (
        <List aria-label="不正の疑い">
          {flags.data.items.map((f) => (
            <li key={f.id}>
              <FlagCard flag={f} onDone={() => setVersion((v) => v + 1)} />
            </li>
          ))}
        </List>
      )}
    </PageFrame>
  );
}

const seen = (v: unknown) => (typeof v === 'string' ? formatDateTime(v) : '—');

function FlagCard({ flag, onDone }: { flag: FraudFlag; onDone: () => void }) {
  const { busy, message, errors, run } = useSubmission();
  const [action, setAction] = useState<FraudAction>(flag.on_hold ? 'release' : 'hold');
  const [note, setNote] = useState('');
  const e = flag.evidence as {
    count?: number;
    first_seen?: string;
    last_seen?: string;
    ids?: string[];
    summary?: string;
  };
  const submit = async () => {
    if (!window.confirm(`${flag.user.name}さんについて「${FRAUD_ACTION_LABELS[action]}」を記録しますか？`))
      return;
    if ((await run(() => actOnFlag(flag.id, { action, note }))).ok) {
      notify.success(FRAUD_MESSAGES.done(action));
      onDone();
    }
  };
  return (
    <Card aria-label={`${FRAUD_KIND_LABELS[flag.kind]}：${flag.user.name}`}>
      <p>
        <strong>{FRAUD_KIND_LABELS[flag.kind]}</strong>・{flag.user.name}（@{flag.user.screen_name}・
        {flag.user.status}）{flag.on_hold && <strong>・支払保留中</strong>}
      </p>
      <p>
        {e.count ?? 1}回・最初 {seen(e.first_seen)}・最後 {seen(e.last_seen)}
        {e.ids?.length ? `・関連ID ${e.ids.join('、')}` : ''}
      </p>
      {typeof e.summary === 'string' && <p>{e.summary}</p>}
      {flag.note && (
        <p>
          前回の対応：{flag.action ? FRAUD_ACTION_LABELS[flag.action] : '—'}（{flag.note}）
        </p>
      )}
      <p>
        <Link href={`/admin-audit-log?target=${encodeURIComponent(`fraud_flags:${flag.id}`)}`}>履歴</Link>
      </p>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {flag.status === 'open' && (
        <>
          <label htmlFor={`action-${flag.id}`}>対応</label>{' '}
          <Select
            id={`action-${flag.id}`}
            value={action}
            onChange={(ev) => setAction(ev.target.value as FraudAction)}
          >
            {FRAUD_ACTIONS.filter((a) =>
              a === 'release' ? flag.on_hold : a !== 'hold' || !flag.on_hold,
            ).map((a) => (
              <option key={a} value={a}>
                {FRAUD_ACTION_LABELS[a]}
              </option>
            ))}
          </Select>
          <Field
            label="理由のメモ（必須）"
            value={note}
            onChange={(ev) => setNote(ev.target.value)}
            errors={errors.note}
          />
          <Button variant={action === 'suspend' ? 'danger' : 'primary'} disabled={busy} onClick={submit}>
            記録する
          </Button>
        </>
      )}
    </Card>
  );
}
