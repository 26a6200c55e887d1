// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter } from '../../src/platform/reporting/errorReporting.ts';
import { FatalErrorDialog } from '../../src/platform/reporting/FatalErrorDialog.tsx';

afterEach(cleanup);

describe('fatal-error feedback dialog (seed spec section 8)', () => {
  it('shows the Japanese title, apology, request for cooperation and labels, and sends the answer', async () => {
    const reporter = createErrorReporter();
    const send = vi.spyOn(reporter, 'sendFeedback').mockResolvedValue();
    render(<FatalErrorDialog reporter={reporter} />);
    expect(screen.queryByText('Focustarでエラーが発生しました')).toBeNull();
    act(() => reporter.reportFatal(new Error('boom')));
    expect(screen.getByRole('heading', { name: 'Focustarでエラーが発生しました' })).toBeTruthy();
    expect(screen.getByText(/申し訳ございません/)).toBeTruthy();
    expect(screen.getByText(/ご協力をお願いいたします/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('お名前（匿名可）'), '佐藤');
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'sato@example.com');
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(send).toHaveBeenCalledWith({
      name: '佐藤',
      email: 'sato@example.com',
      message: '（コメントなし）',
    });
  });

  it('closes without sending', async () => {
    const reporter = createErrorReporter();
    const send = vi.spyOn(reporter, 'sendFeedback');
    render(<FatalErrorDialog reporter={reporter} />);
    act(() => reporter.reportFatal(new Error('boom')));
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('Focustarでエラーが発生しました')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});
