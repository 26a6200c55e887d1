import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorReportsStarted } from '../../server/platform/error-reports.ts';
import { tracingStarted } from '../../server/platform/tracing.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { createTestApp } from '../support/app.ts';

/**
 * Issue 29 "Metrics and traces": OpenTelemetry traces over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (tracing-otlp.test.ts); Sentry only when SENTRY_DSN is set; nothing loaded when not.
 */
const OPTIONAL = /@opentelemetry\/|@sentry\/node/;

describe('issue 29 Traces: nothing when not configured', () => {
  it('issue 29 Traces: the server imports OpenTelemetry and @sentry/node only as types or dynamically', () => {
    const files = [
      'tracing.ts',
      'error-reports.ts',
      'plugins/telemetry.ts',
      'jobs.ts',
      'app.ts',
      'server.ts',
    ];
    for (const file of files) {
      const source = readFileSync(join(ROOT_DIR, 'server/platform', file), 'utf8');
      for (const line of source.split('\n').filter((l) => /^import\s/.test(l) && OPTIONAL.test(l))) {
        expect(line, `${file}: ${line}`).toMatch(/^import type /);
      }
    }
  });

  it('issue 29 Traces: an app without OTEL_EXPORTER_OTLP_ENDPOINT and SENTRY_DSN starts neither and answers', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(tracingStarted()).toBe(false);
      expect(errorReportsStarted()).toBe(false);
    } finally {
      await t.close();
    }
  });
});
