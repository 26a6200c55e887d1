import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Finds the Chromium the browser tests and the bench drive, in this order: the `CHROMIUM_PATH`
 * variable, the system Chromium (Debian's `/usr/bin/chromium`), Playwright's managed browser.
 * With none it fails at once with a message that says how to get one, instead of a timeout later.
 */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/**
 * Issue 28 (CI time), ADR 0194: Debian's `chromium-headless-shell`, the same Blink and V8 without the
 * browser's own windows, is what Playwright itself drives headless. The full browser in its headless mode
 * starts a renderer for its own toolbar beside every page and took a third of the browser tests' CPU.
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Flags for a headless run in a container: no sandbox (no user namespaces), no GPU, nothing phoning home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export class BrowserNotFoundError extends Error {
  constructor(tried: string[]) {
    super(
      [
        'ブラウザ（Chromium）が見つかりません。ブラウザテストとベンチマークには Chromium が必要です。',
        `探した場所: ${tried.join(', ')}`,
        '次のいずれかで用意してください:',
        '  - Debian/Ubuntu: sudo apt-get install chromium',
        '  - Playwright 管理のブラウザ: npx playwright install chromium',
        '  - インストール済みのブラウザを使う: CHROMIUM_PATH=/path/to/chromium npm run test:e2e',
      ].join('\n'),
    );
    this.name = 'BrowserNotFoundError';
  }
}

function managedChromium(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/**
 * `headlessShell` (the browser tests): the system's headless shell when it is installed, before the full
 * browser. Lighthouse (the bench) keeps the full browser, what people use.
 */
export function findBrowser(
  env: Record<string, string | undefined> = process.env,
  {
    headlessShell = false,
    exists = existsSync,
  }: { headlessShell?: boolean; exists?: (path: string) => boolean } = {},
): string {
  const tried: string[] = [];
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    // NOTE: an explicit choice that does not exist is an error, not a reason to fall back silently.
    if (exists(fromEnv)) return fromEnv;
    throw new BrowserNotFoundError([`CHROMIUM_PATH=${fromEnv}（存在しません）`]);
  }
  tried.push('CHROMIUM_PATH（未設定）');
  if (headlessShell && exists(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
  if (exists(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  tried.push(SYSTEM_CHROMIUM);
  const managed = managedChromium();
  if (managed && exists(managed)) return managed;
  tried.push(managed ?? 'Playwright 管理のブラウザ');
  throw new BrowserNotFoundError(tried);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findBrowser());
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
