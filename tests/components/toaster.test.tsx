// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dragDismisses, TOAST_SETTINGS, Toaster } from '../../src/platform/ui/Toaster.tsx';

const WIDTH = 300;

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no layout: give every element the width of a toast.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(WIDTH);
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const visible = () => screen.queryAllByTestId('toast').filter((el) => el.style.opacity !== '0');

describe('toasts (seed spec section 9)', () => {
  it('are top-right, close after 5000 ms and drag away past 80 % (seed spec section 9)', () => {
    expect(TOAST_SETTINGS).toMatchObject({ position: 'top-right', duration: 5000, dragThreshold: 0.8 });
  });

  it('sit in a labelled region at the top right', () => {
    render(<Toaster />);
    act(() => void toast.success('保存しました'));
    const region = screen.getByRole('region', { name: '通知' });
    expect(region.dataset.position).toBe('top-right');
    expect(screen.getByText('保存しました')).toBeTruthy();
  });

  it('close by themselves after 5000 ms, success and error alike (seed spec section 9)', () => {
    render(<Toaster />);
    act(() => {
      toast.success('成功しました');
      toast.error('失敗しました');
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(visible()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(200));
    expect(visible()).toHaveLength(0);
  });

  it('a drag of at least 80 % of the width dismisses the toast (seed spec section 9)', () => {
    render(<Toaster />);
    act(() => void toast('ドラッグで閉じられます'));
    const el = screen.getByTestId('toast');
    fireEvent.pointerDown(el, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 10 + WIDTH * 0.8, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 10 + WIDTH * 0.8, pointerId: 1 });
    expect(visible()).toHaveLength(0);
  });

  it('a shorter drag snaps back and the toast stays (seed spec section 9)', () => {
    render(<Toaster />);
    act(() => void toast('まだ閉じません'));
    const el = screen.getByTestId('toast');
    fireEvent.pointerDown(el, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 10 + WIDTH * 0.79, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 10 + WIDTH * 0.79, pointerId: 1 });
    expect(visible()).toHaveLength(1);
    expect(el.style.transform).toMatch(/^translate\(0px/);
  });

  it('the threshold rule: 80 % of the width in either direction', () => {
    expect(dragDismisses(240, 300)).toBe(true);
    expect(dragDismisses(-240, 300)).toBe(true);
    expect(dragDismisses(239, 300)).toBe(false);
    expect(dragDismisses(500, 0)).toBe(false);
  });

  it('have a close button for keyboard users', () => {
    render(<Toaster />);
    act(() => void toast.error('エラーです'));
    fireEvent.click(screen.getByRole('button', { name: '通知を閉じる' }));
    expect(visible()).toHaveLength(0);
  });
});
