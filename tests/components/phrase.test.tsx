// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCssText, globalStyles } from '../../src/platform/styles/stitches.config.ts';
import { Phrase } from '../../src/platform/ui/Phrase.tsx';

afterEach(cleanup);

describe('Japanese line breaking (issue 11)', () => {
  it('the global styles break between phrases where the browser can (word-break: auto-phrase)', () => {
    globalStyles();
    const css = getCssText();
    expect(css).toMatch(/@supports \(word-break: ?auto-phrase\)/);
    expect(css).toMatch(/word-break: ?auto-phrase/);
    expect(css).toMatch(/line-break: ?strict/);
  });

  it('elsewhere <Phrase> joins BudouX phrases with <wbr> inside keep-all: no break inside a word', async () => {
    // jsdom has no `auto-phrase`, like a browser without it: the BudouX fallback runs.
    const { container } = render(<Phrase>お店のファンに、SNSでの紹介をお願いしましょう。</Phrase>);
    // BudouX's model is a lazy chunk: on a busy machine its import takes more than waitFor's default second.
    await waitFor(() => expect(container.querySelectorAll('wbr').length).toBeGreaterThan(1), {
      timeout: 15_000,
    });
    const span = container.querySelector('span')!;
    expect(span.style.wordBreak).toBe('keep-all');
    expect(container.textContent).toBe('お店のファンに、SNSでの紹介をお願いしましょう。');
    // The phrases: never 「お願いしましょ / う。」.
    const html = container.innerHTML;
    expect(html).not.toContain('しましょ<wbr>う');
    expect(html).toContain('お願いしましょう。');
  });
});
