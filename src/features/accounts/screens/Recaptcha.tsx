import { useEffect, useRef } from 'react';
import { styled } from '../../../platform/styles/stitches.config.ts';

type Grecaptcha = {
  render: (el: HTMLElement, params: Record<string, unknown>) => number;
  reset: (id?: number) => void;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __focustarRecaptchaLoaded?: () => void;
  }
}

const SCRIPT_URL =
  'https://www.google.com/recaptcha/api.js?onload=__focustarRecaptchaLoaded&render=explicit&hl=ja';
let scriptPromise: Promise<Grecaptcha> | null = null;

/** Google's script is loaded only on a page that shows the widget, and only when a site key is set. */
function loadRecaptcha(): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__focustarRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const s = document.createElement('script');
    s.src = SCRIPT_URL;
    s.async = true;
    s.defer = true;
    s.onerror = () => {
      scriptPromise = null;
      reject(new Error('reCAPTCHA'));
    };
    document.head.appendChild(s);
  });
  return scriptPromise;
}

// The widget is 78 px high; the box keeps that room so the form does not jump when it appears.
const Box = styled('div', { minHeight: '78px', marginBottom: '$4' });
const Failed = styled('p', { color: '$redText', fontSize: '$small', fontWeight: 700 });

/**
 * reCAPTCHA v2 checkbox (seed spec section 5: the token is sent as g-recaptcha-response). `resetKey`
 * changes after a failed attempt, because a token can be used once.
 */
export function Recaptcha({
  siteKey,
  onToken,
  resetKey,
}: {
  siteKey: string;
  onToken: (token: string) => void;
  resetKey: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const failed = useRef(false);
  const tokenCb = useRef(onToken);
  tokenCb.current = onToken;

  useEffect(() => {
    let live = true;
    loadRecaptcha().then(
      (g) => {
        if (!live || !box.current || widget.current !== null) return;
        widget.current = g.render(box.current, {
          sitekey: siteKey,
          callback: (t: string) => tokenCb.current(t),
          'expired-callback': () => tokenCb.current(''),
          'error-callback': () => tokenCb.current(''),
        });
      },
      () => {
        failed.current = true;
        if (box.current) box.current.dataset.failed = 'true';
      },
    );
    return () => {
      live = false;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widget.current !== null) {
      window.grecaptcha?.reset(widget.current);
      tokenCb.current('');
    }
  }, [resetKey]);

  return (
    <Box>
      <div ref={box} />
      <noscript>
        <Failed>reCAPTCHAを表示するにはJavaScriptを有効にしてください。</Failed>
      </noscript>
    </Box>
  );
}

export const RECAPTCHA_REQUIRED = '「私はロボットではありません」にチェックを入れてください（reCAPTCHA）。';
