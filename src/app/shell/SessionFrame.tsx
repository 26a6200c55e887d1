import type { ScreenHead } from '../../platform/routing.ts';
import { PendingPage } from '../../platform/ui/Page.tsx';
import { Header } from './Header.tsx';
import { Layout, type PageTheme } from './Layout.tsx';

const nothing = () => {};

/**
 * Issue 29 (ADR 0200): what the app first draws for a visitor with a session while it signs them back in
 * (src/app/routes/Shell.tsx with `restoring`): the header without its right-hand side (neither the guest's
 * login buttons nor the member's, not known yet), no menu or footer, and the start-up spinner. The
 * prerender worker renders it once per theme; every page carries it, so a phone shows it at once, before
 * the app's scripts have arrived.
 */
export function SessionFrame({ theme, head }: { theme: PageTheme; head?: ScreenHead | undefined }) {
  return (
    <Layout
      theme={theme}
      footer={false}
      header={<Header menuOpen={false} onToggleMenu={nothing} right={null} />}
      menu={null}
      footerNode={null}
    >
      <PendingPage head={head} />
    </Layout>
  );
}
