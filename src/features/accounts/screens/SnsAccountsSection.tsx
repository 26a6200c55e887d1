import { useEffect, useId, useState } from 'react';
import {
  SNS_PLATFORM_LABELS,
  SNS_PLATFORMS,
  type SnsAccount,
  type SnsPlatform,
} from '../../../../contracts/supporters.ts';
import { platformList } from '../../../../contracts/vocabulary.ts';
import { asApiError, useSubmission } from '../../../platform/request/hooks.ts';
import { useAuthActions } from '../../../platform/session/hooks.ts';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../../platform/ui/Field.tsx';
import { formatCount, formatDateTime } from '../../../platform/ui/format.ts';
import { PageLoading } from '../../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice } from '../../../platform/ui/Page.tsx';
import { addSnsAccount } from '../api/add-sns-account.ts';
import { deleteSnsAccount } from '../api/delete-sns-account.ts';
import { listSnsAccounts } from '../api/list-sns-accounts.ts';

/**
 * Issue 16: the SNS accounts a supporter posts from. Added by platform and handle, each starts 審査中
 * with a short code to put into the account's bio (that is how staff see the account is theirs), then
 * shows 承認 or 却下 with the reason.
 */
const List = styled('ul', { listStyle: 'none', margin: '0 0 $5', padding: 0, display: 'grid', gap: '$3' });
const Item = styled('li', {
  border: '1px solid $gray200',
  borderRadius: '$md',
  padding: '$3 $4',
  '& p': { margin: '$1 0 0', fontSize: '$small' },
});
const Head = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
export const StatusBadge = styled('span', {
  display: 'inline-block',
  borderRadius: '$pill',
  padding: '0 $2',
  fontSize: '$small',
  fontWeight: 700,
  variants: {
    tone: {
      審査中: { backgroundColor: '$secondaryLight', color: '$gray900' },
      承認: { backgroundColor: '$greenPale', color: '$greenText' },
      却下: { backgroundColor: '$redPale', color: '$redText' },
    },
  },
});
const Code = styled('code', {
  fontSize: '$h4',
  fontWeight: 700,
  letterSpacing: '0.08em',
  padding: '0 $2',
  backgroundColor: '$gray100',
  borderRadius: '$sm',
});
const Select = styled('select', inputStyles);
const FormRow = styled('div', {
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: '200px 1fr auto', alignItems: 'end' },
  '& > div': { marginBottom: 0 },
});

function AccountItem({ account, onDeleted }: { account: SnsAccount; onDeleted: () => void }) {
  const { busy, message, run } = useSubmission();
  const label = SNS_PLATFORM_LABELS[account.provider];
  return (
    <Item aria-label={`${label} @${account.handle}`}>
      <Head>
        <strong>{label}</strong>
        <a href={account.profile_url} target="_blank" rel="noopener noreferrer">
          @{account.handle}
        </a>
        <StatusBadge tone={account.status}>{account.status}</StatusBadge>
        {account.follower_count !== null && <span>フォロワー {formatCount(account.follower_count)}人</span>}
      </Head>
      {account.status === '審査中' && (
        <p>
          アカウントのプロフィール（自己紹介）に、確認コード <Code>{account.ownership_code}</Code>{' '}
          を一時的に書き入れてください。運営が確認して承認します（承認後は消してかまいません）。
        </p>
      )}
      {account.status === '却下' && account.reject_reason && <p>却下の理由：{account.reject_reason}</p>}
      <p>
        登録日：{formatDateTime(account.created_at)}
        {account.reviewed_at ? `／審査日：${formatDateTime(account.reviewed_at)}` : ''}
      </p>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={async () => {
          if (!window.confirm(`${label}の「@${account.handle}」の登録を削除しますか？`)) return;
          if ((await run(() => deleteSnsAccount(account.id))).ok) onDeleted();
        }}
      >
        登録を削除する
      </Button>
    </Item>
  );
}

function AddForm({ onAdded }: { onAdded: (account: SnsAccount) => void }) {
  const platformId = useId();
  const [provider, setProvider] = useState<SnsPlatform>('instagram');
  const [handle, setHandle] = useState('');
  const { busy, message, errors, run } = useSubmission();
  return (
    <form
      noValidate
      aria-labelledby="sns-add"
      onSubmit={async (e) => {
        e.preventDefault();
        const added = await run(() => addSnsAccount({ provider, handle }));
        if (added.ok) {
          setHandle('');
          onAdded(added.value);
        }
      }}
    >
      <h3 id="sns-add">SNSアカウントを追加する</h3>
      {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
      <FormRow>
        <div>
          <label htmlFor={platformId} style={{ fontWeight: 700, fontSize: '14px' }}>
            SNSの種類
          </label>
          <Select
            id={platformId}
            value={provider}
            onChange={(e) => setProvider(SNS_PLATFORMS.find((p) => p === e.target.value) ?? 'instagram')}
          >
            {SNS_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {SNS_PLATFORM_LABELS[p]}
              </option>
            ))}
          </Select>
          <FieldErrors id={`${platformId}-error`} errors={errors.provider} />
        </div>
        <Field
          label="アカウント名（ユーザーネーム）"
          hint="@から始まる名前か、プロフィールのURLを入力してください。"
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          errors={errors.handle}
          autoComplete="off"
          autoCapitalize="none"
          required
        />
        <Button type="submit" disabled={busy}>
          追加する
        </Button>
      </FormRow>
    </form>
  );
}

export function SnsAccountsSection() {
  const { refreshUser } = useAuthActions();
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'done'; items: SnsAccount[] }
  >({ kind: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    listSnsAccounts(ctrl.signal).then(
      (list) => setState({ kind: 'done', items: list.items }),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState({ kind: 'failed', message: asApiError(err).message });
      },
    );
    return () => ctrl.abort();
  }, []);
  const changed = (items: SnsAccount[]) => {
    setState({ kind: 'done', items });
    refreshUser().catch(() => {});
  };

  return (
    <Card id="sns" aria-labelledby="acc-sns-posting">
      <h2 id="acc-sns-posting">投稿に使うSNSアカウント</h2>
      <Notice tone="info">
        {platformList(SNS_PLATFORMS)}
        のアカウントを登録できます。運営の審査で「承認」になったアカウントに、お店からの拡散依頼が届きます。
      </Notice>
      {state.kind === 'loading' && <PageLoading label="SNSアカウントを読み込んでいます…" />}
      {state.kind === 'failed' && <FormAlert role="alert">{state.message}</FormAlert>}
      {state.kind === 'done' &&
        (state.items.length === 0 ? (
          <EmptyState title="SNSアカウントはまだ登録されていません">
            下のフォームから、ふだん投稿しているアカウントを追加してください。
          </EmptyState>
        ) : (
          <List aria-label="登録したSNSアカウント">
            {state.items.map((a) => (
              <AccountItem
                key={a.id}
                account={a}
                onDeleted={() => changed(state.items.filter((i) => i.id !== a.id))}
              />
            ))}
          </List>
        ))}
      {state.kind === 'done' && <AddForm onAdded={(a) => changed([...state.items, a])} />}
    </Card>
  );
}
