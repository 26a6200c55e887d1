import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../../server/features/index.ts';
import { operationIdOf, securityOf, summaryOf } from '../../server/platform/plugins/openapi-operations.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Issue 28 (d), ADR 0163: what Redocly's recommended rules ask of each operation (`npm run lint:openapi`
 * runs the linter itself in `npm test`): an operationId, a summary, a tag of the feature that owns it,
 * its security (bearer token, XSRF header), and the document's server.
 */
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string }[];
  components?: {
    securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

describe('issue 28 (d): names, summaries and security derived from the routes', () => {
  it('issue 28 (d): operationId and summary come from method and path', () => {
    expect(operationIdOf('GET', '/api/shops/:id/supporters')).toBe('getShopsByIdSupporters');
    expect(operationIdOf('GET', '/api/materials/{id}/qr.svg')).toBe('getMaterialsByIdQrSvg');
    expect(summaryOf('GET', '/api/shops/{id}/supporters')).toBe('Get the supporters of shop {id}');
    expect(summaryOf('POST', '/api/units/{id}/approve')).toBe('Approve unit {id}');
    expect(summaryOf('POST', '/api/login')).toBe('Login');
    expect(summaryOf('PUT', '/api/users/me/avatar')).toBe('Update my avatar');
    expect(summaryOf('POST', '/api/payments/batches/{id}/paid')).toBe('Mark batch {id} of payments paid');
  });

  it('issue 28 (d): a public read needs nothing, a write needs the XSRF header, the rest the bearer token', () => {
    expect(securityOf('GET', 'public')).toEqual([]);
    expect(securityOf('POST', 'public')).toEqual([{ xsrf: [] }]);
    // A route with its own authority (issue 29: Stripe's signature; RFC 8058's signed link) takes no XSRF header.
    expect(securityOf('POST', 'public', false)).toEqual([]);
    expect(securityOf('GET', 'user')).toEqual([{ bearer: [] }]);
    expect(securityOf('DELETE', 'staff')).toEqual([{ bearer: [], xsrf: [] }]);
  });
});

describe('issue 28 (d): the served OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
  }, 60_000);
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        op,
      })),
    );

  it('issue 28 (d): every operation has a unique operationId, a summary and the tag of a feature', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map((o) => o.op.operationId);
    expect(all.filter((o) => !o.op.operationId || !o.op.summary).map((o) => o.key)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const featureNames = new Set([...features.map((f) => f.name), 'platform']);
    expect(
      all.filter((o) => o.op.tags?.length !== 1 || !featureNames.has(o.op.tags[0]!)).map((o) => o.key),
    ).toEqual([]);
    expect(all.find((o) => o.key === 'GET /api/shops/{id}')?.op.tags).toEqual(['shops']);
    expect(new Set(doc.tags?.map((tag) => tag.name))).toEqual(featureNames);
  });

  it("issue 28 (d): security follows each route's access, with the bearer and XSRF schemes declared; the server is named", () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components?.securitySchemes?.xsrf).toMatchObject({ type: 'apiKey', in: 'header' });
    expect(doc.components?.securitySchemes?.xsrf?.name?.toLowerCase()).toBe('x-xsrf-token');
    const byUrl = new Map(
      t.app.apiRoutes.map((r) => [`${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`, r]),
    );
    const wrong = operations().filter((o) => {
      const route = byUrl.get(o.key);
      return (
        !route ||
        JSON.stringify(o.op.security) !== JSON.stringify(securityOf(o.method, route.access, route.csrf))
      );
    });
    expect(wrong.map((o) => o.key)).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/stripe/webhook']?.post?.security).toEqual([]);
    expect(doc.paths['/api/unsubscribe']?.post?.security).toEqual([]);
    expect(doc.servers?.map((s) => s.url)).toEqual([new URL(t.env.APP_URL).origin]);
  });
});
