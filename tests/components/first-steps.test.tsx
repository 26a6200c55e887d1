// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_STEP_TEXTS, REVIEW_EXPLAINED } from '../../contracts/first-steps.ts';
import { FirstSteps } from '../../src/platform/ui/FirstSteps.tsx';
import { makeUser } from '../machines/fixtures.ts';

/** Issue 25 point 6 (ADR 0167): the first steps of a new supporter, on `/` and `/account-info`. */
const api = vi.hoisted(() => ({ resendVerification: vi.fn(async () => ({ message: '再送信しました' })) }));
vi.mock('../../src/platform/session/api/users/resend-verification.ts', () => api);

afterEach(() => {
  cleanup();
  api.resendVerification.mockClear();
});

const fresh = makeUser({ email_verified: false, status: '審査中' });

describe('the first steps (issue 25 point 6)', () => {
  it('lists the six steps in order, each not done, with where it is done and what the review checks', () => {
    render(<FirstSteps user={fresh} />);
    const list = screen.getByRole('region', { name: 'はじめの準備' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'メールアドレスの確認：未完了',
      'プロフィール：未完了',
      'SNSアカウント：未完了',
      '審査：未完了',
      '最初の拡散依頼：未完了',
      '振込先口座：未完了',
    ]);
    expect(within(list).getByText('6項目中0項目が完了')).toBeTruthy();
    expect(within(list).getByText(REVIEW_EXPLAINED)).toBeTruthy();
    expect(within(list).getByText('審査状況：審査中')).toBeTruthy();
    const hrefs = within(list)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/account-info#profile',
      '/account-info#sns',
      '/beginner?type=focustar',
      '/advertisements',
      '/bank',
    ]);
  });

  it('sends the verification mail again from the e-mail step (POST /api/email/resend)', async () => {
    render(<FirstSteps user={fresh} />);
    await userEvent.click(screen.getByRole('button', { name: '確認メールを再送信する' }));
    expect(api.resendVerification).toHaveBeenCalledTimes(1);
  });

  it('marks what is done from the user answer, and drops the resend button once the e-mail is verified', () => {
    const user = makeUser({
      status: '審査中',
      sns_accounts_count: 1,
      approved_sns_accounts_count: 0,
      flag_status: { ...fresh.flag_status, savedFirstProfile: true },
    });
    render(<FirstSteps user={user} here="/account-info" />);
    expect(screen.getByRole('listitem', { name: 'メールアドレスの確認：完了' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'プロフィール：完了' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'SNSアカウント：完了' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '確認メールを再送信する' })).toBeNull();
    expect(screen.getByText('6項目中3項目が完了')).toBeTruthy();
    expect(screen.queryByRole('link', { name: FIRST_STEP_TEXTS.sns.action! })).toBeNull();
  });

  it('on /account-info the links to its own sections are in-page anchors', () => {
    render(<FirstSteps user={makeUser({ status: '審査中' })} here="/account-info" />);
    expect(screen.getByRole('link', { name: FIRST_STEP_TEXTS.profile.action! }).getAttribute('href')).toBe(
      '#profile',
    );
    expect(screen.getByRole('link', { name: FIRST_STEP_TEXTS.sns.action! }).getAttribute('href')).toBe(
      '#sns',
    );
  });

  it('shows nothing once every step is done', () => {
    const done = makeUser({
      status: '承認',
      sns_accounts_count: 1,
      approved_sns_accounts_count: 1,
      flag_status: {
        ...fresh.flag_status,
        savedFirstProfile: true,
        acceptedFirstAdvertising: true,
        registeredBankAccount: true,
      },
    });
    const { container } = render(<FirstSteps user={done} />);
    expect(container.innerHTML).toBe('');
  });
});
