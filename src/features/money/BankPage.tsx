import { type FormEvent, useId, useState } from 'react';
import {
  ACCOUNT_TYPES,
  type AccountType,
  type BankAccount,
  type BankEntry,
  MONEY_MESSAGES,
  normalizeHolderName,
  type StripeBank,
} from '../../../contracts/money.ts';
import { useAuthActions } from '../../platform/session/hooks.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatDateTime, formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { SearchPick } from '../../platform/ui/SearchPick.tsx';
import { Card, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getBankAccount } from './api/get-bank-account.ts';
import { getStripeBank } from './api/get-stripe-bank.ts';
import { saveBankAccount } from './api/save-bank-account.ts';
import { saveStripeBank } from './api/save-stripe-bank.ts';
import { searchBanks } from './api/search-banks.ts';
import { searchBranches } from './api/search-branches.ts';
import { PAYOUT_MINIMUM_YEN } from '../../../contracts/money.ts';

const Select = styled('select', inputStyles);
const Dl = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$2 $4',
  '& dt': { color: '$gray700' },
  '& dd': { margin: 0 },
});

const SEARCH_HINT =
  '名前（ひらがな・カタカナ・漢字）またはコードで検索して、一覧から選んでください（↓↑で移動、Enterで決定）。';
const entryLabel = (e: BankEntry) => `${e.name}（${e.code}）`;

function AccountForm({
  current,
  viaStripe,
  onSaved,
}: {
  current: BankAccount | null;
  /** ADR 0111: with Stripe configured the account is registered through Stripe (/api/stripe/bank). */
  viaStripe: boolean;
  onSaved: () => void;
}) {
  const [bank, setBank] = useState<BankEntry | null>(
    current ? { code: current.bank_code, name: current.bank_name, kana: '' } : null,
  );
  const [branch, setBranch] = useState<BankEntry | null>(
    current ? { code: current.branch_code, name: current.branch_name, kana: '' } : null,
  );
  const [type, setType] = useState<AccountType>(current?.account_type ?? '普通');
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState(current?.holder_name ?? '');
  const { busy, message, errors, setErrors, setMessage, run } = useSubmission();
  const { refreshUser } = useAuthActions();
  const typeId = useId();
  // A choice answers the earlier complaint about that field: its message goes (issue 25 (4)).
  const clearErrors = (...fields: string[]) => {
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => !fields.includes(field))));
    setMessage(null);
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const body = {
      bank_code: bank?.code ?? '',
      branch_code: branch?.code ?? '',
      account_type: type,
      account_number: number,
      holder_name: holder,
    };
    const done = await run(() => (viaStripe ? saveStripeBank(body) : saveBankAccount(body)));
    if (done.ok) {
      notify.success(viaStripe ? MONEY_MESSAGES.stripeSaved : MONEY_MESSAGES.saved);
      setNumber('');
      await refreshUser().catch(() => {});
      onSaved();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="振込先口座">
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <SearchPick<BankEntry>
        label="金融機関"
        chosen={bank}
        onChoose={(b) => {
          setBank(b);
          setBranch(null);
          if (b) clearErrors('bank_code', 'branch_code');
        }}
        load={(q, signal) => searchBanks(q, signal)}
        itemToString={entryLabel}
        itemKey={(e) => e.code}
        errors={errors.bank_code}
        hint={SEARCH_HINT}
        placeholder="例: みずほ、ゆうちょ、0001"
      />
      <SearchPick<BankEntry>
        key={bank?.code ?? ''}
        label="支店"
        chosen={branch}
        onChoose={(b) => {
          setBranch(b);
          if (b) clearErrors('branch_code');
        }}
        load={(q, signal) => searchBranches(bank?.code ?? '', q, signal)}
        itemToString={entryLabel}
        itemKey={(e) => e.code}
        errors={errors.branch_code}
        hint={SEARCH_HINT}
        placeholder={bank ? '例: 本店、しんじゅく、001' : '先に金融機関を選んでください'}
        disabled={!bank}
      />
      <div>
        <label htmlFor={typeId}>口座種別</label>
        <Select id={typeId} value={type} onChange={(ev) => setType(ev.target.value as AccountType)}>
          {ACCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <FieldErrors id={`${typeId}-errors`} errors={errors.account_type} />
      </div>
      <Field
        label="口座番号"
        inputMode="numeric"
        autoComplete="off"
        value={number}
        onChange={(ev) => setNumber(ev.target.value)}
        hint={
          current
            ? `登録済みの口座番号（下3桁 ${current.account_number_last3}）を変更する場合も、7桁すべて入力してください。7桁未満は先頭に0を補います。`
            : '7桁以内の数字。7桁未満は先頭に0を補います。'
        }
        errors={errors.account_number}
        required
      />
      <Field
        label="口座名義（カナ）"
        value={holder}
        onChange={(ev) => setHolder(ev.target.value)}
        onBlur={() => setHolder(normalizeHolderName(holder))}
        hint="通帳に記載のとおり、カタカナで入力してください（ひらがなも可）。例: ヤマダ ハナコ"
        errors={errors.holder_name}
        autoComplete="off"
        required
      />
      {viaStripe && (
        <p>
          <small>
            口座は決済サービス Stripe にも登録され、Stripe
            が確認します（確認済みの口座には「Stripe確認済み」と表示します）。
          </small>
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {current ? '口座を変更する' : '口座を登録する'}
      </Button>
    </form>
  );
}

/** Product design section 5 / issue 14: where supporters' pocket money is paid (monthly, from 1,000 yen). */
export default function BankPage() {
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const res = useResource(
    (signal) =>
      Promise.all([
        getBankAccount(signal),
        // An answer of the Stripe status that fails leaves the ordinary registration in place.
        getStripeBank(signal).catch((): StripeBank => ({ available: false, account: null })),
      ]),
    String(version),
  );
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed')
    return <MessageView title="口座情報を表示できません">{res.error.message}</MessageView>;
  const [{ bank_account: account }, stripe] = res.data;
  return (
    <PageFrame
      title="振込先口座の登録"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '振込先口座' }]}
      lead={`確定した報酬が${formatYen(PAYOUT_MINIMUM_YEN)}以上になると、月末締め・翌月15日（銀行休業日は翌営業日）にこの口座へお振込みします。`}
      narrow
    >
      {account && !editing ? (
        <Card role="status" aria-label="登録済みの口座">
          <h2>口座は登録済みです</h2>
          <Dl>
            <dt>金融機関</dt>
            <dd>
              {account.bank_name}（{account.bank_code}）
            </dd>
            <dt>支店</dt>
            <dd>
              {account.branch_name}（{account.branch_code}）
            </dd>
            <dt>口座</dt>
            <dd>
              {account.account_type} ****{account.account_number_last3}
            </dd>
            <dt>名義</dt>
            <dd>{account.holder_name}</dd>
            <dt>更新日時</dt>
            <dd>{formatDateTime(account.updated_at)}</dd>
            {stripe.account && (
              <>
                <dt>Stripe</dt>
                <dd>
                  {stripe.account.verified
                    ? 'Stripe確認済み'
                    : 'Stripe で確認できませんでした。口座情報を確かめて、登録し直してください。'}
                </dd>
              </>
            )}
          </Dl>
          <p>
            <Button variant="ghost" type="button" onClick={() => setEditing(true)}>
              口座を変更する
            </Button>
          </p>
        </Card>
      ) : (
        <Card>
          <h2>{account ? '口座の変更' : '口座の登録'}</h2>
          <AccountForm
            current={account}
            viaStripe={stripe.available}
            onSaved={() => {
              setEditing(false);
              setVersion((v) => v + 1);
            }}
          />
        </Card>
      )}
      <Prose>
        <h2>ご注意</h2>
        <ul>
          <li>ご本人名義の口座を登録してください。名義が異なると振込が戻ってくることがあります。</li>
          <li>
            確定した報酬が{formatYen(PAYOUT_MINIMUM_YEN)}
            未満でも、最も古い報酬から50日を過ぎた分は次回にお振込みします。
          </li>
          <li>
            口座情報は暗号化して保存し、画面には口座番号の下3桁だけを表示します。お振込み以外の目的には使いません。
          </li>
        </ul>
      </Prose>
    </PageFrame>
  );
}
