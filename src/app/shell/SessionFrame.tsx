import { headIn, type ModeHeads, type ScreenHead } from '../../platform/routing.ts';
import { PendingPage } from '../../platform/ui/Page.tsx';
import { Header } from './Header.tsx';
import { Layout, type PageTheme } from './Layout.tsx';

const nothing = () => {};

/**
 * ADR 0215: a frame with a head per mode shows the one of the mode the page's first script read from the
 * session store (`<html data-mode="shop">`, server/platform/first-paint.ts); supporter mode otherwise.
 */
export const MODE_HEAD_CSS =
  'html[data-mode=shop] [data-mode-head=focustar],html:not([data-mode=shop]) [data-mode-head=shop]{display:none}';

/**
 * Issue 29 (ADR 0200): what the app first draws for a visitor with a session while it signs them back in
 * (src/app/routes/Shell.tsx with `restoring`): the header without its right-hand side (neither the guest's
 * login buttons nor the member's, not known yet), no menu or footer, and the start-up spinner. The
 * prerender worker renders it once per theme; every page carries it, so a phone shows it at once, before
 * the app's scripts have arrived.
 */
export function SessionFrame({
  theme,
  head,
}: {
  theme: PageTheme;
  head?: ScreenHead | ModeHeads | undefined;
}) {
  return (
    <Layout
      theme={theme}
      footer={false}
      header={<Header menuOpen={false} onToggleMenu={nothing} right={null} />}
      menu={null}
      footerNode={null}
    >
      {head && 'focustar' in head ? (
        <>
          <style>{MODE_HEAD_CSS}</style>
          {(['focustar', 'shop'] as const).map((mode) => (
            <div key={mode} data-mode-head={mode}>
              <PendingPage head={headIn(head, mode)} />
            </div>
          ))}
        </>
      ) : (
        <PendingPage head={head} />
      )}
    </Layout>
  );
}
