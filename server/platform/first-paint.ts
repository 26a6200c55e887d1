import {
  ACCESS_TOKEN_STORAGE_KEY,
  EARLY_INPUT_KEY,
  EARLY_READS,
  EARLY_SESSION_KEY,
  SESSION_STORE_STORAGE_KEY,
} from '../../contracts/values.ts';

/** The `<template id>` that holds the app's scripts in a prerendered page, inert until the first paint. */
export const APP_SCRIPTS_TEMPLATE = 'app-scripts';
/** ADR 0202: the `<template id>` of the start-up files only a visitor with a session loads. */
export const SESSION_SCRIPTS_TEMPLATE = 'session-scripts';

/**
 * Issue 29 (ADR 0200): on `<html>` of a page whose scripts wait for the first paint, who sees something paint
 * before the app runs: `guest` (a prerendered guest page, hidden from a visitor with a session), `session`
 * (only the session frame, hidden from guests) or `all` (both).
 */
export const PAINTS_ATTRIBUTE = 'data-paints';
export type Paints = 'guest' | 'session' | 'all';

/**
 * The one inline script of a page whose scripts wait for its first paint, in its head (allowed by its hash
 * in the Content-Security-Policy):
 * - a visitor with a session is marked (`<html data-session>`) before the page paints: the guest's page
 *   stays hidden for them and they see the session frame (ADR 0200), which guests do not (reading storage may
 *   throw in a private window);
 * - the app's entry (already fetching: a modulepreload) runs once the page has painted, not before: the
 *   page shows without waiting for the scripts, which then take it over. A visitor who sees nothing paint
 *   (`PAINTS_ATTRIBUTE`: a visitor with a session on a page without a frame, a guest on a page with only a
 *   frame) has their app started at once (issue 29);
 * - issue 25 (13), ADR 0159: the page is not inert meanwhile. Links work as links; a button pressed or a
 *   form sent before the app has taken the page over is held (not sent as a plain HTML form, which would
 *   put a password in the address) and kept in `window[EARLY_INPUT_KEY]` for the app to replay, with
 *   the text typed meanwhile.
 */
export const FIRST_PAINT_SCRIPT = [
  `var d=document.documentElement;`,
  `try{localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_STORAGE_KEY)})&&d.setAttribute('data-session','')}catch(e){}`,
  `(function(){var started=false;function add(id){var t=document.getElementById(id);t&&document.head.appendChild(document.importNode(t.content,true))}`,
  // ADR 0202: a visitor with a session also fetches what their start-up loads (the user's contract).
  `function start(){if(started)return;started=true;if(d.hasAttribute('data-session'))add('${SESSION_SCRIPTS_TEMPLATE}');add('${APP_SCRIPTS_TEMPLATE}')}`,
  // Issue 29: a visitor for whom nothing paints before the app does: the app starts at once.
  `var p=d.getAttribute('${PAINTS_ATTRIBUTE}');if(p!=='all'&&p!==(d.hasAttribute('data-session')?'session':'guest'))start();`,
  // Once the first contentful paint is on the screen; a second at most (a tab in the background).
  `try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(start)})`,
  `.observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(start)})}`,
  `setTimeout(start,1000)})();`,
  `try{var early=window[${JSON.stringify(EARLY_INPUT_KEY)}]=[];var hold=function(e){`,
  `if(!window[${JSON.stringify(EARLY_INPUT_KEY)}])return;var t=e.target,el=t&&t.closest&&t.closest(e.type==='submit'?'form':'button');`,
  `if(!el)return;e.preventDefault();e.stopPropagation();early.push({type:e.type,target:el})};`,
  `document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);`,
  // What is typed or chosen is noted too: React's hydration may empty a field (a password) that was typed
  // into, and draws a list box as the screen's state holds it.
  `document.addEventListener('input',function(e){var t=e.target;if(window[${JSON.stringify(EARLY_INPUT_KEY)}]&&t&&/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))`,
  `early.push({type:'input',target:t,value:t.value,checked:t.checked})},true)}catch(e){}`,
].join('');

/** ADR 0200: the `<template id>` that holds the session frame, after the root element. */
export const SESSION_FRAME_TEMPLATE = 'session-frame-template';

/**
 * Issue 29 (ADR 0200): the inline script right after the session frame's template, run while the page is
 * parsed (before its first paint): for a visitor with a session (marked by `EARLY_SESSION_SCRIPT`), the frame
 * goes into the page in the template's place; for anyone else, the template just goes (a guest's page holds
 * no second, hidden header or main region).
 */
export const SESSION_FRAME_SCRIPT = [
  `try{var t=document.getElementById('${SESSION_FRAME_TEMPLATE}');`,
  `if(document.documentElement.hasAttribute('data-session'))t.after(t.content.cloneNode(true));t.remove()}catch(e){}`,
].join('');

/**
 * Issue 29 (ADR 0190): the first inline script of every page (first in its head, so no stylesheet holds
 * it back). A browser with a session starts the seed spec's start-up calls (section 4) at once, while the
 * app's scripts are still on their way: `POST /api/refresh` with the stored token as bearer and the CSRF
 * double submit (section 7: the `XSRF-TOKEN` cookie echoed in `X-XSRF-TOKEN`, as the app's client does),
 * then `GET /api/me` with the new token. Both promises wait in `window[EARLY_SESSION_KEY]` with the token
 * they started from; the app's refresher and its first `me` take them over once, and call again
 * themselves when there is none or it failed (no cookie yet: the app's 419 path fetches one).
 * Issue 29 (ADR 0200): it also marks a visitor with a session (`<html data-session>`) on every page, so the
 * session frame shows to them at the first paint, and the guest's prerendered page never does.
 * Issue 29 (ADR 0203): with the new token it also begins the first reads of the page's screen for the mode the
 * session store remembers (`EARLY_READS`), kept in `reads` by path; the request layer takes each over once.
 */
export const EARLY_SESSION_SCRIPT = [
  `try{var k=localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_STORAGE_KEY)}),x=/(?:^|;\\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);`,
  // ADR 0200: a visitor with a session is marked before anything paints: every page shows them its frame.
  // ADR 0215: and the mode their session store remembers, which picks the frame's head on a screen with one per mode.
  `if(k){document.documentElement.setAttribute('data-session','');try{JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORE_STORAGE_KEY)})).role==='shop'&&document.documentElement.setAttribute('data-mode','shop')}catch(E){}}`,
  `if(k&&x){var h=function(t){return{Accept:'application/json','X-Requested-With':'XMLHttpRequest',Authorization:'Bearer '+t}},`,
  `j=function(a){if(!a.ok)throw a.status;return a.json()},H=h(k);H['X-XSRF-TOKEN']=decodeURIComponent(x[1]);`,
  `var r=fetch('/api/refresh',{method:'POST',credentials:'include',headers:H}).then(j),`,
  `g=function(p){var q=r.then(function(b){return fetch(p,{credentials:'include',headers:h(b.access_token)}).then(j)});q.catch(function(){});return q},`,
  // ADR 0203: the screen's first reads of this path in the mode the session store remembers, beside `me`.
  `m=g('/api/me'),e={},s=null;r.catch(function(){});try{s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORE_STORAGE_KEY)}))}catch(E){}`,
  `var l=s&&s.login===true&&(${JSON.stringify(EARLY_READS)}[location.pathname]||{})[s.role];`,
  `if(l&&l.forEach)l.forEach(function(p){e[p]=g(p)});`,
  `window[${JSON.stringify(EARLY_SESSION_KEY)}]={token:k,refresh:r,me:m,reads:e}}}catch(e){}`,
].join('');
