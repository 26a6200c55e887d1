import { useAuth } from '../../platform/session/hooks.ts';
import { formatYen } from '../../platform/ui/format.ts';
import { Card, EmptyState, PageFrame, Prose } from '../../platform/ui/Page.tsx';

/** Product design section 5: where supporters' pocket money is paid (monthly, from 1,000 yen). */
export default function BankPage() {
  const { user } = useAuth();
  const registered = !!user?.flag_status.registeredBankAccount || !!user?.is_stripe_verified;
  return (
    <PageFrame
      title="振込先口座の登録"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '振込先口座' }]}
      lead={`未払いの報酬が${formatYen(1000)}以上になると、月末締め・翌月15日にこの口座へお振込みします。`}
    >
      {registered ? (
        <Card role="status">
          <h2>口座は登録済みです</h2>
          <p>お振込み先を変更したい場合は、お問い合わせからご連絡ください。</p>
        </Card>
      ) : (
        <EmptyState title="振込先の口座はまだ登録されていません">
          報酬を受け取るには、ご本人名義の銀行口座の登録が必要です。
        </EmptyState>
      )}
      <Prose>
        <h2>登録に必要なもの</h2>
        <ul>
          <li>金融機関コード（4桁）と支店コード（3桁）</li>
          <li>口座種別（普通・当座）と口座番号（7桁）</li>
          <li>口座名義（全角カタカナ）</li>
        </ul>
        <p>口座情報は暗号化して保存し、お振込み以外の目的には使いません。</p>
      </Prose>
    </PageFrame>
  );
}
