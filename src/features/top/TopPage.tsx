import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../../platform/session/hooks.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { Landing } from './Landing.tsx';

/** The signed-in homes are a chunk of their own: a guest's first screen does not carry them (ADR 0038). */
const ShopSwitch = lazy(() => import('./MemberHome.tsx').then((m) => ({ default: m.ShopSwitch })));
const SupporterHome = lazy(() => import('./MemberHome.tsx').then((m) => ({ default: m.SupporterHome })));

/** The server's verification link lands on `/?email_verification=ok|expired|invalid` (ADR 0013). */
const VERIFICATION_MESSAGES: Record<string, [ok: boolean, message: string]> = {
  ok: [true, 'メールアドレスの確認が完了しました。Focustarへようこそ！'],
  expired: [false, '確認リンクの有効期限が切れています。ログインして確認メールを再送信してください。'],
  invalid: [false, '確認リンクが正しくありません。メールのリンクをもう一度お確かめください。'],
};

function useVerificationNotice() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const result = new URLSearchParams(search).get('email_verification');
  useEffect(() => {
    const entry = result ? VERIFICATION_MESSAGES[result] : undefined;
    if (!entry) return;
    const [ok, message] = entry;
    if (ok) notify.success(message, { id: 'email-verification' });
    else notify.error(message, { id: 'email-verification' });
    navigate('/', { replace: true });
  }, [result, navigate]);
}

/** Seed spec section 2: `/` is the top page, and the shop switch for signed-in users. */
export default function TopPage() {
  useVerificationNotice();
  const { login, user, role, initialLoading } = useAuth();
  if (initialLoading) return <PageLoading />;
  if (login && user) {
    return (
      <Suspense fallback={<PageLoading />}>{role === 'shop' ? <ShopSwitch /> : <SupporterHome />}</Suspense>
    );
  }
  return <Landing />;
}
