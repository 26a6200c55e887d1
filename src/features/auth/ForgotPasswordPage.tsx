import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { Field, FormAlert, toHalfWidthAscii } from '../../components/Field.tsx';
import { Card, PageFrame } from '../../components/Page.tsx';
import { apiPost, isApiFailure } from '../../hooks/api.ts';

/** POST /api/password/email: the answer is the same whether or not the address is registered. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[] | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    setErrors(undefined);
    try {
      const answer = await apiPost<{ message?: string }>('/api/password/email', {
        email: toHalfWidthAscii(email),
      });
      setDone(answer?.message ?? 'パスワード再設定用のメールをお送りしました。メールをご確認ください。');
    } catch (err) {
      setMessage(isApiFailure(err) ? err.message : '送信できませんでした。もう一度お試しください。');
      if (isApiFailure(err)) setErrors(err.errors.email);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame
      title="パスワードの再設定"
      narrow
      breadcrumbs={[{ label: 'ログイン', href: '/login' }, { label: 'パスワードの再設定' }]}
      lead="ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。"
    >
      <Card>
        {done ? (
          <div role="status">
            <p>{done}</p>
            <p>リンクの有効期限は60分です。メールが届かない場合は、迷惑メールフォルダもご確認ください。</p>
            <Link href="/login">ログイン画面に戻る</Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            {message && <FormAlert role="alert">{message}</FormAlert>}
            <Field
              label="メールアドレス"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              errors={errors}
            />
            <Button type="submit" block size="lg" disabled={busy}>
              再設定メールを送る
            </Button>
          </form>
        )}
      </Card>
      <p>
        LINEで登録した方はパスワードがありません。<Link href="/login">ログイン画面</Link>
        からLINEでログインしてください。
      </p>
    </PageFrame>
  );
}
