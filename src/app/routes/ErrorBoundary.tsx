import { Component, type ReactNode } from 'react';
import { reportFatalError } from '../../platform/session/AppActorsProvider.tsx';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';

/**
 * A screen that throws while rendering is replaced by the error view of seed spec section 8 (the page
 * had an error and cannot be shown) and reported as fatal; the header and the menu stay usable.
 */
export class ScreenErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // A navigation leaves the broken screen behind.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    reportFatalError(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageView title="エラーが発生しました" action={<ButtonLink href="/">トップページへ戻る</ButtonLink>}>
        ページでエラーが発生したため、表示できません。時間をおいてから再度お試しください。
      </MessageView>
    );
  }
}
