import { Redirect } from 'wouter';
import { useAuth } from '../../../platform/session/hooks.ts';
import { ButtonLink } from '../../../platform/ui/Button.tsx';
import { EmptyState, PageFrame } from '../../../platform/ui/Page.tsx';

/** Seed spec section 2: /profile redirects to the public profile of the user, or of the shop in shop mode. */
export default function ProfileRedirectPage() {
  const { user, shop, role } = useAuth();
  const screenName = role === 'shop' && shop ? shop.screen_name : user?.screen_name;
  if (screenName) return <Redirect to={`/${encodeURIComponent(screenName)}`} replace />;
  return (
    <PageFrame title="プロフィール">
      <EmptyState
        title="プロフィールはまだありません"
        action={<ButtonLink href="/account-info">アカウント情報へ</ButtonLink>}
      >
        ユーザーIDを設定すると、プロフィールページが公開されます。
      </EmptyState>
    </PageFrame>
  );
}
