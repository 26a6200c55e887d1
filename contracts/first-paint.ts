/**
 * The first paint of a prerendered page (issue 11, ADR 0155), shared by the server that writes the page
 * and the client that takes it over.
 */

/** Seed spec section 3: the browser keeps the access token under this key (localStorage). */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** The `<template id>` that holds the app's scripts in a prerendered page, inert until the first paint. */
export const APP_SCRIPTS_TEMPLATE = 'app-scripts';

/**
 * The one inline script of a prerendered page, in its head (allowed by its hash in the
 * Content-Security-Policy):
 * - a visitor with a session is marked (`<html data-session>`) before the page paints: the guest's page
 *   stays hidden for them and the app draws their own screen instead (reading storage may throw in a
 *   private window);
 * - the app's entry (already fetching: a modulepreload) runs once the page has painted, not before: the
 *   page shows without waiting for the scripts, which then take it over.
 */
export const FIRST_PAINT_SCRIPT = [
  `try{localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_STORAGE_KEY)})&&document.documentElement.setAttribute('data-session','')}catch(e){}`,
  `(function(){var started=false;function start(){if(started)return;started=true;`,
  `document.head.appendChild(document.importNode(document.getElementById('${APP_SCRIPTS_TEMPLATE}').content,true))}`,
  // Once the first contentful paint is on the screen; a second at most (a tab in the background).
  `try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(start)})`,
  `.observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(start)})}`,
  `setTimeout(start,1000)})()`,
].join('');

/** The attribute of the root element that holds a prerendered page. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The element whose JSON is the public configuration (`GET /api/config`'s answer) in every page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';
