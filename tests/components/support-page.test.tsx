// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyContact } from '../../contracts/contact.ts';

const mine = vi.hoisted(() => ({ items: [] as MyContact[] }));
vi.mock('../../src/features/contact/api/list-my-contacts.ts', () => ({
  listMyContacts: async () => ({ items: mine.items }),
}));
const { default: SupportPage } = await import('../../src/features/contact/SupportPage.tsx');

afterEach(() => cleanup());

describe('issue 25 (10): /support shows real content', () => {
  it('issue 25 (10): the ways to get help, the contact form, and one own messages with their state', async () => {
    mine.items = [
      {
        id: 12,
        topic: '報酬・お振込みについて',
        body: '振込日を教えてください。',
        status: '対応中',
        created_at: '2026-11-25T15:30:00.000Z',
        updated_at: '2026-11-26T01:00:00.000Z',
      },
    ];
    render(<SupportPage />);
    expect(
      screen.getByRole('link', { name: 'よくある質問（フォーカスター向け）' }).getAttribute('href'),
    ).toBe('/faq-focustar');
    expect(screen.getByRole('link', { name: 'お問い合わせフォームへ' }).getAttribute('href')).toBe(
      '/contact',
    );
    const list = await screen.findByRole('list', { name: 'これまでのお問い合わせ' });
    expect(within(list).getByText('報酬・お振込みについて')).toBeTruthy();
    expect(within(list).getByText('担当者が対応しています')).toBeTruthy();
    expect(within(list).getByText(/2026年11月26日（木）送信/)).toBeTruthy();
    expect(screen.queryByRole('status', { name: /よくある質問もご覧ください/ })).toBeNull();
  });

  it('issue 25 (10): with no messages yet, it says what will show there', async () => {
    mine.items = [];
    render(<SupportPage />);
    expect(await screen.findByText(/まだお問い合わせはありません/)).toBeTruthy();
  });
});
