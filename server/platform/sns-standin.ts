import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local stand-in for the SNS platforms' oEmbed endpoints (issue 23 "Proofs", ADR 0162), as the Stripe
 * stand-in is for payments: an HTTP server on loopback that holds posts and answers for them as X
 * (publish.twitter.com/oembed), TikTok (tiktok.com/oembed) and Instagram (Graph API instagram_oembed) do,
 * errors included: X 404 for a missing post and 403 for a protected one, TikTok 400, Instagram an
 * OAuthException (104 without a token, 190 for a wrong one, 100 for a missing post). The real checker
 * (post-checker.ts) runs against it in development and tests. A post is made through `publish` or
 * `POST /__posts`, and a small page at `/` lets a developer post by hand. `mode` makes it fail as a
 * platform does (down: 503; slow: answers after the checker's timeout).
 */
export interface StandinPost {
  platform: 'x' | 'tiktok' | 'instagram' | 'line_voom';
  /** The post's address (any form the platform accepts; kept in canonical form). */
  url: string;
  /** The author's handle, without @. */
  author: string;
  text: string;
  /** A protected (private) post: X answers 403. */
  protected?: boolean;
  postedAt?: string;
}

export const STANDIN_INSTAGRAM_TOKEN = 'standin-instagram-token';

/** The canonical address of a post, as contracts' canonicalPostLocation writes it. */
export function standinKey(raw: string): string {
  try {
    const url = new URL(raw.trim());
    const host = url.hostname
      .toLowerCase()
      .replace(/^(?:www\.|mobile\.|m\.)/, '')
      .replace(/^twitter\.com$/, 'x.com');
    return `https://${host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return raw;
  }
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** X writes links in a post as t.co anchors showing the address without its scheme. */
const xParagraph = (text: string) =>
  esc(text)
    .replace(
      /https?:\/\/[^\s<]+/g,
      (u) => `<a href="https://t.co/standin">${u.replace(/^https?:\/\//, '')}</a>`,
    )
    .replace(/\n/g, '<br>');

export interface SnsStandin {
  url: string;
  posts: Map<string, StandinPost>;
  publish(post: StandinPost): string;
  remove(url: string): void;
  mode: 'up' | 'down' | 'slow';
  /** Every oEmbed request answered, for tests. */
  requests: string[];
  close(): Promise<void>;
}

export async function startSnsStandin(
  options: { port?: number; host?: string; file?: string; slowMs?: number } = {},
): Promise<SnsStandin> {
  const posts = new Map<string, StandinPost>();
  if (options.file && existsSync(options.file)) {
    for (const p of JSON.parse(readFileSync(options.file, 'utf8')) as StandinPost[])
      posts.set(standinKey(p.url), p);
  }
  const save = () => {
    if (options.file) writeFileSync(options.file, JSON.stringify([...posts.values()], null, 1));
  };
  const requests: string[] = [];
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const find = (platform: string, raw: string | null) => {
    const p = raw ? posts.get(standinKey(raw)) : undefined;
    return p && p.platform === platform ? p : undefined;
  };

  const oembed = (path: string, q: URLSearchParams, res: ServerResponse) => {
    if (path === '/x/oembed') {
      const p = find('x', q.get('url'));
      if (!p) return send(res, 404);
      if (p.protected) return send(res, 403);
      const url = standinKey(p.url).replace('https://x.com', 'https://twitter.com');
      return send(res, 200, {
        url,
        author_name: p.author,
        author_url: `https://twitter.com/${p.author}`,
        html: `<blockquote class="twitter-tweet"><p lang="ja" dir="ltr">${xParagraph(p.text)}</p>&mdash; ${esc(p.author)} (@${esc(p.author)}) <a href="${url}?ref_src=twsrc%5Etfw">${p.postedAt ?? ''}</a></blockquote>\n`,
        width: 550,
        height: null,
        type: 'rich',
        cache_age: '3153600000',
        provider_name: 'Twitter',
        provider_url: 'https://twitter.com',
        version: '1.0',
      });
    }
    if (path === '/tiktok/oembed') {
      const p = find('tiktok', q.get('url'));
      if (!p)
        return send(res, 400, {
          code: 400,
          message: 'Something went wrong',
          status_msg: 'Something went wrong',
        });
      return send(res, 200, {
        version: '1.0',
        type: 'video',
        title: p.text,
        author_url: `https://www.tiktok.com/@${p.author}`,
        author_name: p.author,
        author_unique_id: p.author,
        provider_name: 'TikTok',
        provider_url: 'https://www.tiktok.com',
        html: `<blockquote class="tiktok-embed" cite="${esc(standinKey(p.url))}"><section><a href="https://www.tiktok.com/@${esc(p.author)}">@${esc(p.author)}</a> ${esc(p.text)}</section></blockquote>`,
      });
    }
    if (path === '/instagram/instagram_oembed') {
      const token = q.get('access_token');
      const oauthError = (code: number, message: string) =>
        send(res, 400, { error: { message, type: 'OAuthException', code, fbtrace_id: 'standin' } });
      if (!token) return oauthError(104, 'An access token is required to request this resource.');
      if (token !== STANDIN_INSTAGRAM_TOKEN)
        return oauthError(190, 'Invalid OAuth access token - Cannot parse access token');
      const p = find('instagram', q.get('url'));
      if (!p) return oauthError(100, 'Invalid parameter');
      return send(res, 200, {
        version: '1.0',
        author_name: p.author,
        provider_name: 'Instagram',
        provider_url: 'https://www.instagram.com/',
        type: 'rich',
        width: 658,
        html: `<blockquote class="instagram-media" data-instgrm-permalink="${esc(standinKey(p.url))}/"><div><p data-caption>${xParagraph(p.text)}</p><p>A post shared by ${esc(p.author)} (@${esc(p.author)})</p></div></blockquote>`,
      });
    }
    return send(res, 404);
  };

  const readJson = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  };

  const state: SnsStandin = {
    url: '',
    posts,
    mode: 'up',
    requests,
    publish(post) {
      const key = standinKey(post.url);
      posts.set(key, { ...post, url: key, postedAt: post.postedAt ?? new Date().toISOString() });
      save();
      return key;
    },
    remove(url) {
      posts.delete(standinKey(url));
      save();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    try {
      if (url.pathname === '/__posts' && req.method === 'POST') {
        const b = await readJson(req);
        const key = state.publish({
          platform: String(b.platform) as StandinPost['platform'],
          url: String(b.url),
          author: String(b.author).replace(/^@/, ''),
          text: String(b.text ?? ''),
          ...(b.protected ? { protected: true } : {}),
        });
        return send(res, 201, { url: key });
      }
      if (url.pathname === '/__posts' && req.method === 'DELETE') {
        state.remove(url.searchParams.get('url') ?? '');
        return send(res, 204);
      }
      if (url.pathname === '/__posts' && req.method === 'GET') return send(res, 200, [...posts.values()]);
      if (url.pathname === '/__mode' && req.method === 'POST') {
        const b = await readJson(req);
        state.mode = b.mode === 'down' || b.mode === 'slow' ? b.mode : 'up';
        return send(res, 200, { mode: state.mode });
      }
      if (url.pathname === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="ja"><meta charset="utf-8"><title>SNSの代替（開発用）</title>
<h1>SNSの代替（開発用）</h1><p>ここに投稿を作ると、報告された投稿の確認がこの内容を読みます。</p>
<ul>${[...posts.values()].map((p) => `<li>${esc(p.platform)} @${esc(p.author)} <a href="${esc(p.url)}">${esc(p.url)}</a><br>${esc(p.text)}</li>`).join('')}</ul>
<p>投稿を作る: <code>curl -X POST -H 'content-type: application/json' -d '{"platform":"x","url":"https://x.com/HANDLE/status/1860000000000000000","author":"HANDLE","text":"#PR …"}' ${state.url}/__posts</code></p></html>`);
      }
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      if (state.mode === 'down') return send(res, 503, { errors: [{ message: 'Over capacity' }] });
      if (state.mode === 'slow') await new Promise((r) => setTimeout(r, options.slowMs ?? 6000));
      return oembed(url.pathname, url.searchParams, res);
    } catch {
      if (!res.headersSent) send(res, 400, { error: 'bad request' });
    }
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  server.unref();
  const addr = server.address() as AddressInfo;
  state.url = `http://${options.host ?? '127.0.0.1'}:${addr.port}`;
  return state;
}
