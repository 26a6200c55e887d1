// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../../src/platform/ui/notify.ts';
import { Toaster } from '../../src/platform/ui/Toaster.tsx';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
});

const shown = () =>
  screen
    .queryAllByTestId('toast')
    .filter((el) => el.style.opacity !== '0')
    .map((el) => ({ type: el.dataset.toastType, text: el.textContent }));

describe('issue 25 (8): one toast per event', () => {
  it('issue 25 (8): the same success said by the request layer and by the screen shows once', async () => {
    render(<Toaster />);
    // The bank form: the server's answer message (toasted by the request layer) and the screen's own toast.
    act(() => {
      notify.success('振込先の口座を Stripe で登録しました。');
      notify.success('振込先の口座を Stripe で登録しました。');
    });
    await waitFor(() => expect(shown()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(shown()).toHaveLength(1);
  });

  it('issue 25 (8): an error toast closes when the next action succeeds', async () => {
    render(<Toaster />);
    act(() => notify.error('金融機関コードは4桁の数字で入力してください。'));
    await waitFor(() => expect(shown()).toEqual([expect.objectContaining({ type: 'error' })]));
    act(() => notify.success('振込先の口座を登録しました。'));
    await waitFor(() =>
      expect(shown()).toEqual([
        expect.objectContaining({ type: 'success', text: expect.stringContaining('登録しました') }),
      ]),
    );
  });

  it('issue 25 (8): different successes each show', async () => {
    render(<Toaster />);
    act(() => {
      notify.success('保存しました。');
      notify.success('送信しました。');
    });
    await waitFor(() => expect(shown()).toHaveLength(2));
  });
});
