import { useState } from 'react';
import { useLocation } from 'wouter';
import { useSubmission } from '../../../platform/request/hooks.ts';
import { useAuthActions } from '../../../platform/session/hooks.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { CheckboxField, Field, FormAlert } from '../../../platform/ui/Field.tsx';
import { notify } from '../../../platform/ui/notify.ts';
import { Card, Notice } from '../../../platform/ui/Page.tsx';
import { leave } from '../api/leave.ts';

/**
 * Issue 16 / ADR 0014 and 0095: leaving Focustar from `/account-info`. What happens is said first; an
 * unpaid balance comes back from the server with its amount, and the user must tick that they give it up.
 */
export function LeaveSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [accept, setAccept] = useState(false);
  const { busy, message, errors, run } = useSubmission();
  const { logout } = useAuthActions();
  const [, navigate] = useLocation();
  const balanceWarning = errors.accept_unpaid_balance;
  return (
    <Card aria-labelledby="acc-leave">
      <h2 id="acc-leave">退会</h2>
      <p>
        退会すると、プロフィール・SNSアカウント・お気に入りのお店が削除され、すべての端末でログアウトします。元に戻すことはできません。報酬の支払い記録など法令で保存が必要な記録は、個人を特定できない形で保管します。
      </p>
      {!open ? (
        <Button variant="ghost" onClick={() => setOpen(true)}>
          退会の手続きへ進む
        </Button>
      ) : (
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (!window.confirm('本当に退会しますか？この操作は取り消せません。')) return;
            const done = await run(() =>
              leave({
                ...(password ? { password } : {}),
                ...(accept ? { accept_unpaid_balance: true } : {}),
              }),
            );
            if (!done.ok) return;
            notify.success(done.value.message, { id: 'left' });
            await logout().catch(() => {});
            navigate('/', { replace: true });
          }}
        >
          {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
          {balanceWarning && (
            <Notice role="alert">
              <strong>{balanceWarning[0]}</strong>
            </Notice>
          )}
          <Field
            label="パスワード"
            hint="LINE・X・Googleだけで登録し、パスワードを設定していない方は空欄のままで構いません。"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={errors.password}
          />
          {balanceWarning && (
            <CheckboxField
              label="お振込み前の報酬を受け取らずに退会することに同意します"
              checked={accept}
              onChange={(e) => setAccept(e.target.checked)}
            />
          )}
          <Button type="submit" variant="danger" disabled={busy || (Boolean(balanceWarning) && !accept)}>
            退会する
          </Button>
        </form>
      )}
    </Card>
  );
}
