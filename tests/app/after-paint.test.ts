// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 29, ADR 0199 (amending ADR 0038): the deferred parts (menu, footer, bell, toaster) wait for the first
 * screen's content, which is there once the reads the screen started are in, not when it mounts.
 */
describe('the first screen is shown once its reads are in (ADR 0199)', () => {
  beforeEach(() => vi.resetModules());

  async function fresh() {
    const m = await import('../../src/platform/lib/afterPaint.ts');
    let shown = false;
    void m.firstScreenShown().then(() => (shown = true));
    const settle = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return shown;
    };
    return { ...m, settle };
  }

  it('waits for every read started before the screen mounted or while it mounts, then shows it', async () => {
    const { holdFirstScreen, markFirstScreenShown, settle } = await fresh();
    const payments = holdFirstScreen();
    const rewards = holdFirstScreen();
    markFirstScreenShown();
    expect(await settle()).toBe(false);
    payments();
    // Released twice: still one read left.
    payments();
    expect(await settle()).toBe(false);
    rewards();
    expect(await settle()).toBe(true);
  });

  it('is shown at mount when the screen reads nothing (its data came with the page)', async () => {
    const { markFirstScreenShown, settle } = await fresh();
    expect(await settle()).toBe(false);
    markFirstScreenShown();
    expect(await settle()).toBe(true);
  });

  it('is not shown by reads that end before the screen has mounted; reads after it is shown hold nothing', async () => {
    const { holdFirstScreen, markFirstScreenShown, settle } = await fresh();
    // The start-up calls (the user) end before the screen's chunk has arrived.
    holdFirstScreen()();
    expect(await settle()).toBe(false);
    markFirstScreenShown();
    expect(await settle()).toBe(true);
    const later = holdFirstScreen();
    markFirstScreenShown();
    later();
    expect(await settle()).toBe(true);
  });
});
