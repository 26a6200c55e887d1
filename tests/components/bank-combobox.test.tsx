// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankEntry } from '../../contracts/money.ts';
import { ApiRequestError } from '../../machines/errors.ts';

configure({ asyncUtilTimeout: 3000 });

const BANKS: BankEntry[] = [
  { code: '0001', name: 'みずほ銀行', kana: 'ミズホ' },
  { code: '0005', name: '三菱ＵＦＪ銀行', kana: 'ミツビシユーエフジェイ' },
];
const BRANCHES: BankEntry[] = [{ code: '001', name: '東京営業部', kana: 'トウキョウ' }];

const api = vi.hoisted(() => ({
  saveBankAccount: vi.fn(),
  searchBanks: vi.fn(),
  searchBranches: vi.fn(),
}));
const current = vi.hoisted(() => ({ account: null as unknown }));
vi.mock('../../src/features/money/api/get-bank-account.ts', () => ({
  getBankAccount: async () => ({ bank_account: current.account }),
}));
vi.mock('../../src/features/money/api/get-stripe-bank.ts', () => ({
  getStripeBank: async () => ({ available: false, account: null }),
}));
vi.mock('../../src/features/money/api/save-bank-account.ts', () => ({
  saveBankAccount: api.saveBankAccount,
}));
vi.mock('../../src/features/money/api/search-banks.ts', () => ({ searchBanks: api.searchBanks }));
vi.mock('../../src/features/money/api/search-branches.ts', () => ({ searchBranches: api.searchBranches }));

const { default: BankPage } = await import('../../src/features/money/BankPage.tsx');

beforeEach(() => {
  api.searchBanks.mockImplementation(async () => ({ items: BANKS }));
  api.searchBranches.mockImplementation(async () => ({ items: BRANCHES }));
  api.saveBankAccount.mockReset();
});
afterEach(() => {
  cleanup();
  current.account = null;
});

describe('issue 25 (4): the bank and branch fields are WAI-ARIA comboboxes', () => {
  it('issue 25 (4): arrows move into the suggestions, Enter picks without sending the form, focus stays', async () => {
    const user = userEvent.setup();
    render(<BankPage />);
    const bank = await screen.findByRole('combobox', { name: '金融機関' });
    await user.type(bank, 'み');
    await screen.findByRole('option', { name: 'みずほ銀行（0001）' });
    expect(bank.getAttribute('aria-expanded')).toBe('true');
    // Nothing is chosen by typing alone (manual selection); the arrows move through the suggestions.
    expect(bank.getAttribute('aria-activedescendant') ?? '').toBe('');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'みずほ銀行（0001）' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: '三菱ＵＦＪ銀行（0005）' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(bank.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{Enter}');
    expect(api.saveBankAccount).not.toHaveBeenCalled();
    expect((bank as HTMLInputElement).value).toBe('三菱ＵＦＪ銀行（0005）');
    expect(document.activeElement).toBe(bank);
    expect(screen.queryByRole('option', { name: /銀行/ })).toBeNull();
    // The branch field opens for the chosen bank.
    const branch = screen.getByRole('combobox', { name: '支店' });
    expect((branch as HTMLInputElement).disabled).toBe(false);
  });

  it('issue 25 (4): Enter with no suggestion open does not send the form either', async () => {
    const user = userEvent.setup();
    api.searchBanks.mockImplementation(async () => ({ items: [] }));
    render(<BankPage />);
    const bank = await screen.findByRole('combobox', { name: '金融機関' });
    await user.type(bank, 'zzz{Enter}');
    expect(api.saveBankAccount).not.toHaveBeenCalled();
    expect(await screen.findByText('該当する候補がありません。')).toBeTruthy();
  });

  it('issue 25 (4): the stale error of a field clears once a choice is made', async () => {
    const user = userEvent.setup();
    api.saveBankAccount.mockRejectedValue(
      new ApiRequestError('入力内容を確認してください。', 'http', 422, {
        bank_code: ['金融機関コードは4桁の数字で入力してください。'],
      }),
    );
    render(<BankPage />);
    await user.click(await screen.findByRole('button', { name: '口座を登録する' }));
    expect(await screen.findByText('金融機関コードは4桁の数字で入力してください。')).toBeTruthy();
    const bank = screen.getByRole('combobox', { name: '金融機関' });
    expect(bank.getAttribute('aria-invalid')).toBe('true');
    await user.type(bank, 'み');
    await user.click(await screen.findByRole('option', { name: 'みずほ銀行（0001）' }));
    await waitFor(() =>
      expect(screen.queryByText('金融機関コードは4桁の数字で入力してください。')).toBeNull(),
    );
    expect(bank.getAttribute('aria-invalid')).toBeNull();
  });

  it('issue 25 (4): changing a registered account: typing over the chosen bank searches again', async () => {
    const user = userEvent.setup();
    current.account = {
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      branch_code: '001',
      branch_name: '東京営業部',
      account_type: '普通',
      account_number_last3: '567',
      holder_name: 'ヤマダ ハナコ',
      updated_at: '2026-11-20T01:00:00.000Z',
    };
    render(<BankPage />);
    await user.click(await screen.findByRole('button', { name: '口座を変更する' }));
    const bank = screen.getByRole('combobox', { name: '金融機関' });
    expect((bank as HTMLInputElement).value).toBe('みずほ銀行（0001）');
    // Typing over the choice (as a browser's select-all and type does): the first key clears the choice.
    await user.tripleClick(bank);
    await user.keyboard('みつ');
    expect((bank as HTMLInputElement).value).toBe('みつ');
    expect(await screen.findByRole('option', { name: '三菱ＵＦＪ銀行（0005）' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: '支店' }) as HTMLInputElement).disabled).toBe(true);
  });
});
