import type { BrowserContext } from '@playwright/test';
import { E2E_RECAPTCHA } from './ports.ts';

/**
 * A stand-in for Google's reCAPTCHA v2 widget script (the one fake at this boundary; ADR 0041).
 * Google's script cannot load here (no network), so requests for it are answered with this small
 * script: it offers the `grecaptcha` API the login page uses (render, getResponse, reset, ready,
 * execute, the `onload` callback and auto-rendered `.g-recaptcha` elements) and draws a labelled
 * checkbox. Ticking it hands the page a token that the local verify endpoint accepts; the server still
 * verifies it over real HTTP, so a wrong or missing token is refused as in production.
 */
export const RECAPTCHA_CHECKBOX_LABEL = '私はロボットではありません';

const script = `(() => {
  const TOKEN = ${JSON.stringify(E2E_RECAPTCHA.token)};
  const LABEL = ${JSON.stringify(RECAPTCHA_CHECKBOX_LABEL)};
  const widgets = [];
  function call(fn, arg) {
    if (typeof fn === 'function') return fn(arg);
    if (typeof fn === 'string' && typeof window[fn] === 'function') return window[fn](arg);
  }
  function render(container, params) {
    const el = typeof container === 'string' ? document.getElementById(container) : container;
    params = params || {};
    const id = widgets.length;
    const w = { response: '', params };
    widgets.push(w);
    const label = document.createElement('label');
    label.setAttribute('data-testid', 'recaptcha-standin');
    label.style.cssText = 'display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:8px 12px;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9;color:#000;font-size:14px';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.style.cssText = 'width:24px;height:24px';
    box.addEventListener('change', () => {
      if (box.checked) {
        w.response = TOKEN;
        call(params.callback || (el && el.dataset && el.dataset.callback), w.response);
      } else {
        w.response = '';
        call(params['expired-callback'] || (el && el.dataset && el.dataset.expiredCallback));
      }
    });
    w.box = box;
    label.append(box, document.createTextNode(LABEL));
    if (el) el.appendChild(label);
    return id;
  }
  const api = {
    render,
    ready(cb) { setTimeout(cb, 0); },
    getResponse(id) { const w = widgets[id === undefined ? 0 : id]; return w ? w.response : ''; },
    reset(id) { const w = widgets[id === undefined ? 0 : id]; if (w) { w.response = ''; if (w.box) w.box.checked = false; } },
    execute(id) {
      const w = widgets[id === undefined ? 0 : id];
      const token = TOKEN;
      if (w) { w.response = token; call(w.params.callback, token); }
      return Promise.resolve(token);
    },
  };
  window.grecaptcha = api;
  window.grecaptcha.enterprise = api;
  const src = document.currentScript && document.currentScript.src;
  const params = src ? new URL(src).searchParams : new URLSearchParams();
  if (params.get('render') !== 'explicit') {
    document.querySelectorAll('.g-recaptcha').forEach((el) => render(el, { sitekey: el.dataset.sitekey, callback: el.dataset.callback }));
  }
  const onload = params.get('onload');
  if (onload && typeof window[onload] === 'function') setTimeout(() => window[onload](), 0);
  const cfg = window.___grecaptcha_cfg;
  if (cfg && Array.isArray(cfg.fns)) cfg.fns.forEach((fn) => fn());
})();`;

/** Answers every request for Google's widget script in this context with the stand-in. */
export async function installRecaptchaStandIn(context: BrowserContext): Promise<void> {
  const fulfil = (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: script });
  await context.route('https://www.google.com/recaptcha/**', fulfil);
  await context.route('https://www.gstatic.com/recaptcha/**', fulfil);
  await context.route('https://www.recaptcha.net/recaptcha/**', fulfil);
}
