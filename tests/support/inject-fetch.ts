import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that sends every call to the real Fastify app through `inject` (no network, no mocked
 * answers), with a cookie jar like a browser's. In jsdom, cookies that are not HttpOnly also land in
 * `document.cookie`, where the SPA's request layer reads XSRF-TOKEN from, as it does in a browser.
 */
export interface InjectFetch {
  fetch: typeof fetch;
  /** `METHOD /path` of every call, in order. */
  calls: string[];
  jar: Map<string, string>;
}

type InjectedCookie = { name: string; value: string; maxAge?: number; httpOnly?: boolean };

function mirrorToDocument(c: InjectedCookie, gone: boolean): void {
  if (typeof document === 'undefined' || c.httpOnly) return;
  const value = gone ? `${c.name}=; path=/; max-age=0` : `${c.name}=${c.value}; path=/`;
  // NOTE: document.cookie on purpose: jsdom's jar, filled as the server's Set-Cookie would fill a browser's
  document.cookie = value;
}

export function createInjectFetch(app: FastifyInstance): InjectFetch {
  const calls: string[] = [];
  const jar = new Map<string, string>();
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = /^https?:/.test(url) ? url.slice(new URL(url).origin.length) : url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push(`${method} ${path.split('?')[0]}`);
    const res = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(init.body ? { payload: init.body as string } : {}),
    });
    for (const c of res.cookies as InjectedCookie[]) {
      const gone = c.value === '' || c.maxAge === 0;
      if (gone) jar.delete(c.name);
      else jar.set(c.name, c.value);
      mirrorToDocument(c, gone);
    }
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined || k === 'set-cookie') continue;
      out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: out,
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, calls, jar };
}
