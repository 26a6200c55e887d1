import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { keyframes, styled } from '../styles/stitches.config.ts';

/** Seed spec section 8: a missing loading-overlay provider says it is not set up correctly. */
export const LOADING_PROVIDER_MISSING =
  'ローディング表示が正しく設定されていません。LoadingOverlayProvider の内側で使用してください。';
/** Seed spec section 8: 'providers are insufficient' when a needed provider is missing. */
export const PROVIDERS_INSUFFICIENT = 'プロバイダーが不足しています（providers are insufficient）';

type LoadingOverlayApi = {
  loading: boolean;
  /** Shows the overlay until the returned function is called (calls nest). */
  show: (label?: string) => () => void;
  /** Shows the overlay while the promise runs. */
  wrap: <T>(promise: Promise<T>, label?: string) => Promise<T>;
};

const LoadingContext = createContext<LoadingOverlayApi | null>(null);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const Spinner = styled('span', {
  display: 'inline-block',
  width: '40px',
  height: '40px',
  border: '4px solid $primaryLight',
  borderTopColor: '$primaryText',
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
});

const Overlay = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: '$loadingOverlay',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  backgroundColor: 'rgba(255,255,255,0.75)',
  color: '$gray900',
  fontWeight: 700,
});

export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<{ id: number; label: string }[]>([]);
  const show = useCallback((label = '処理中です…') => {
    const id = Math.random();
    setStack((s) => [...s, { id, label }]);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      setStack((s) => s.filter((e) => e.id !== id));
    };
  }, []);
  const wrap = useCallback(
    async <T,>(promise: Promise<T>, label?: string) => {
      const hide = show(label);
      try {
        return await promise;
      } finally {
        hide();
      }
    },
    [show],
  );
  const api = useMemo(() => ({ loading: stack.length > 0, show, wrap }), [stack.length, show, wrap]);
  const top = stack[stack.length - 1];
  return (
    <LoadingContext.Provider value={api}>
      {children}
      {top && (
        <Overlay role="alert" aria-busy="true" aria-live="assertive" data-testid="loading-overlay">
          <Spinner aria-hidden="true" />
          <span>{top.label}</span>
        </Overlay>
      )}
    </LoadingContext.Provider>
  );
}

export function useLoadingOverlay(): LoadingOverlayApi {
  const api = useContext(LoadingContext);
  if (!api) throw new Error(LOADING_PROVIDER_MISSING);
  return api;
}

/** True when the overlay provider is mounted (for the providers check of the shell). */
export function useHasLoadingOverlay(): boolean {
  return useContext(LoadingContext) !== null;
}

/**
 * Fails when any of the providers a part of the app needs is missing, naming them, so a wrong set-up is
 * found at the first render rather than at the first click.
 */
export function assertProviders(present: Record<string, boolean>): void {
  const missing = Object.entries(present)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  if (missing.length) throw new Error(`${PROVIDERS_INSUFFICIENT}: ${missing.join(', ')}`);
}

const PageLoadingBox = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  minHeight: 'calc(100vh - $sizes$header - $sizes$footerSmall)',
  color: '$gray700',
  '@md': { minHeight: 'calc(100vh - $sizes$header - $sizes$footerWide)' },
});

/** The fallback while a lazy screen loads: it fills the same frame the screen will, so nothing jumps. */
export function PageLoading({ label = '読み込み中です…' }: { label?: string }) {
  return (
    <PageLoadingBox role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <span>{label}</span>
    </PageLoadingBox>
  );
}
