import type { ReactNode } from 'react';
import { ButtonLink } from './Button.tsx';
import { Card, PageFrame } from './Page.tsx';

/** A path or a profile that does not exist (seed spec section 2: the catch-all's not-found view). */
export function NotFoundView({ what = 'ページ' }: { what?: string }) {
  return (
    <PageFrame title={`${what}が見つかりません`} narrow>
      <Card>
        <p>お探しの{what}は見つかりませんでした。URLが間違っているか、削除された可能性があります。</p>
        <ButtonLink href="/">トップページへ戻る</ButtonLink>
      </Card>
    </PageFrame>
  );
}

/** Shown instead of a screen, with one message and a way on. */
export function MessageView({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <PageFrame title={title} narrow>
      <Card role="alert">
        <p>{children}</p>
        {action ?? <ButtonLink href="/">トップページへ戻る</ButtonLink>}
      </Card>
    </PageFrame>
  );
}
