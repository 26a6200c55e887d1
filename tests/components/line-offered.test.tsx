// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_CONFIG } from '../../src/platform/config.ts';

/** GET /api/config's `oauthProviders` as the page brought them (ADR 0155). */
const providers = vi.hoisted(() => ({ list: [] as string[] }));
vi.mock('../../src/platform/request/hooks.ts', async (original) => ({
  ...(await original<typeof import('../../src/platform/request/hooks.ts')>()),
  usePublicConfigSuspense: () => ({ ...NO_CONFIG, oauthProviders: providers.list }),
  publicConfigOnce: async () => ({ ...NO_CONFIG, oauthProviders: providers.list }),
}));

const { default: RegisterPage } = await import('../../src/features/accounts/screens/RegisterPage.tsx');
const { Landing } = await import('../../src/features/top/Landing.tsx');

afterEach(() => cleanup());

describe('issue 25 (5): LINE is offered only when LINE Login is configured', () => {
  it('issue 25 (5): without LINE, /register offers e-mail alone, as the main way', () => {
    providers.list = ['google'];
    render(<RegisterPage />);
    expect(screen.getByRole('heading', { name: 'メールアドレスで登録' })).toBeTruthy();
    expect(screen.queryByText(/LINE/)).toBeNull();
    expect(screen.getByRole('link', { name: 'メールアドレスで始める' })).toBeTruthy();
  });

  it('issue 25 (5): with LINE configured, /register offers LINE and e-mail', () => {
    providers.list = ['line', 'google'];
    render(<RegisterPage />);
    expect(screen.getByRole('link', { name: 'LINEで始める' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'メールアドレスで始める' })).toBeTruthy();
  });

  it('issue 25 (5): the top page says e-mail is the way when LINE is not configured', async () => {
    providers.list = [];
    render(<Landing />);
    expect(
      await screen.findByText('メールアドレスで登録し、ふだん使っているSNSのアカウントを登録します。'),
    ).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/LINEかメールアドレス/)).toBeNull();
  });

  it('issue 25 (5): the top page names LINE when it is configured', async () => {
    providers.list = ['line'];
    render(<Landing />);
    expect(
      await screen.findByText('LINEかメールアドレスで登録し、ふだん使っているSNSのアカウントを登録します。'),
    ).toBeTruthy();
  });
});
