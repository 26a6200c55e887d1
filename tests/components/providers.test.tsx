// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_PROVIDER_MISSING,
  LoadingOverlayProvider,
  PROVIDERS_INSUFFICIENT,
  useLoadingOverlay,
} from '../../src/platform/ui/LoadingOverlay.tsx';
import { Shell } from '../../src/app/routes/Shell.tsx';
import { getCssText } from '../../src/platform/styles/stitches.config.ts';

afterEach(cleanup);

describe('loading overlay (seed spec sections 8 and 9)', () => {
  it('outside its provider the hook says it is not set up correctly (seed spec section 8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLoadingOverlay())).toThrow(LOADING_PROVIDER_MISSING);
    expect(LOADING_PROVIDER_MISSING).toMatch(/正しく設定されていません/);
  });

  it("the shell without its providers fails with 'providers are insufficient' (seed spec section 8)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Shell>本文</Shell>)).toThrow(PROVIDERS_INSUFFICIENT);
    expect(PROVIDERS_INSUFFICIENT).toContain('providers are insufficient');
  });

  it('shows over everything (z-index 9999) while work runs, and nests (seed spec section 9)', async () => {
    const { result } = renderHook(() => useLoadingOverlay(), { wrapper: LoadingOverlayProvider });
    let hideA = () => {};
    let hideB = () => {};
    act(() => {
      hideA = result.current.show('保存しています…');
      hideB = result.current.show();
    });
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay.getAttribute('aria-busy')).toBe('true');
    expect(getCssText()).toMatch(/z-index:\s*var\(--zIndices-loadingOverlay\)|z-index:\s*9999/);
    expect(getCssText()).toMatch(/--zIndices-loadingOverlay:\s*9999;/);
    act(() => hideB());
    expect(screen.getByText('保存しています…')).toBeTruthy();
    act(() => hideA());
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    await act(() => result.current.wrap(Promise.resolve(1)));
    expect(result.current.loading).toBe(false);
  });
});
