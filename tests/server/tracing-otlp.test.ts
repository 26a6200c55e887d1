import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushTraces, tracingStarted } from '../../server/platform/tracing.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Issue 29 "Metrics and traces": with OTEL_EXPORTER_OTLP_ENDPOINT a request's span, carrying its request
 * id, reaches an OTLP/HTTP receiver. A file of its own: the tracer provider is global to the process (the
 * file without the variable, tracing.test.ts, checks that nothing starts).
 */
describe('issue 29 Traces: a local OTLP/HTTP receiver', () => {
  let receiver: Server;
  let t: TestApp;
  const bodies: { path: string; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    t = await createTestApp('pglite', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('issue 29 Traces: a request becomes a span named by its route, with its request id, sent to /v1/traces', async () => {
    expect(tracingStarted()).toBe(true);
    const requestId = 'trace-test-request-0001';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': requestId },
    });
    expect(res.statusCode).toBe(200);
    await flushTraces();
    const sent = bodies.filter((b) => b.path === '/v1/traces').map((b) => b.body);
    expect(sent.length).toBeGreaterThan(0);
    const all = sent.join('\n');
    // The OTLP/HTTP JSON encoding: the span's name and its attributes as key/value pairs.
    expect(all).toContain('GET /api/health');
    expect(all).toContain('focustar.request_id');
    expect(all).toContain(requestId);
    expect(all).toContain('"service.name"');
  });
});
