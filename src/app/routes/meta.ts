import { useEffect } from 'react';
import { pageTitle, type RouteDef } from './table.ts';

function setMeta(name: string, content: string, attr: 'name' | 'property' = 'name') {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, name);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Seed spec section 2: each route's title (`ページ名 | Focustar`) and description. */
export function pageMetaOf(route: RouteDef): { title: string; description: string } {
  // The top page leads with the product's name, as a search result should.
  const title = route.path === '/' ? `Focustar | ${route.title}` : pageTitle(route.title);
  return { title, description: route.description };
}

export function applyPageMeta(route: RouteDef): void {
  const { title, description } = pageMetaOf(route);
  document.title = title;
  setMeta('description', description);
  setMeta('og:title', title, 'property');
  setMeta('og:description', description, 'property');
}

export function usePageMeta(route: RouteDef): void {
  useEffect(() => applyPageMeta(route), [route]);
}
