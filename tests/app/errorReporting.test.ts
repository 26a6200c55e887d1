// @vitest-environment jsdom
import * as Sentry from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  QUEUE_LIMIT,
  SENTRY_OPTIONS,
} from '../../src/platform/reporting/errorReporting.ts';

/**
 * Seed spec sections 7, 8 and 9: the real @sentry/react SDK, with a transport that keeps the
 * envelopes instead of sending them over the network.
 */

type Envelope = [Record<string, unknown>, [Record<string, unknown>, Record<string, unknown>][]];

function capturingTransport() {
  const envelopes: Envelope[] = [];
  const transport = () => ({
    send: async (envelope: Envelope) => {
      envelopes.push(envelope);
      return { statusCode: 200 };
    },
    flush: async () => true,
  });
  const items = (type: string) =>
    envelopes.flatMap(([, list]) => list.filter(([header]) => header.type === type).map(([, body]) => body));
  return { transport, envelopes, items };
}

const DSN = 'https://public@o1.ingest.example.com/1';

afterEach(async () => {
  await Sentry.getClient()?.close(0);
});

describe('error reporting (seed spec sections 7, 8 and 9)', () => {
  it('errors raised before Sentry loaded are queued, then sent once it has', async () => {
    const t = capturingTransport();
    const reporter = createErrorReporter({ sentryOverrides: { transport: t.transport, integrations: [] } });
    reporter.report(new Error('起動直後のエラー'));
    reporter.report(new Error('二つ目'), { level: 'warning' });
    expect(reporter.queued()).toBe(2);
    await reporter.start(async () => DSN);
    await Sentry.flush(1000);
    const events = t.items('event');
    expect(events.map((e) => (e.exception as { values: { value: string }[] }).values[0]!.value)).toEqual([
      '起動直後のエラー',
      '二つ目',
    ]);
    expect(events.map((e) => e.level)).toEqual(['error', 'warning']);
    expect(events[0]!.environment).toBe('production');
    expect(reporter.queued()).toBe(0);
  });

  it('uses environment production, every trace sampled, buffer 30 and 100 breadcrumbs', async () => {
    const t = capturingTransport();
    const reporter = createErrorReporter({ sentryOverrides: { transport: t.transport } });
    await reporter.start(async () => DSN);
    const options = Sentry.getClient()!.getOptions();
    expect(options.environment).toBe('production');
    expect(options.tracesSampleRate).toBe(1);
    expect(options.maxBreadcrumbs).toBe(100);
    expect(options.transportOptions).toMatchObject({ bufferSize: 30 });
    expect(SENTRY_OPTIONS.transportOptions.bufferSize).toBe(30);
  });

  it('keeps at most 30 queued errors, the newest ones', async () => {
    const reporter = createErrorReporter();
    for (let i = 1; i <= 35; i += 1) reporter.report(new Error(`e${i}`));
    expect(reporter.queued()).toBe(QUEUE_LIMIT);
  });

  it('without a DSN reporting is off: Sentry is not loaded and the queue is dropped', async () => {
    const loadSentry = vi.fn(async () => Sentry);
    const reporter = createErrorReporter();
    reporter.report(new Error('x'));
    await reporter.start(async () => null, loadSentry);
    expect(loadSentry).not.toHaveBeenCalled();
    expect(reporter.status()).toBe('off');
    expect(reporter.queued()).toBe(0);
    reporter.reportFatal(new Error('fatal'));
    expect(reporter.dialog().open).toBe(false);
  });

  it('a fatal error opens the dialog and the answer is sent as user feedback for that event', async () => {
    const t = capturingTransport();
    const reporter = createErrorReporter({ sentryOverrides: { transport: t.transport, integrations: [] } });
    await reporter.start(async () => DSN);
    reporter.reportFatal(new Error('画面が壊れました'));
    const { open, eventId } = reporter.dialog();
    expect(open).toBe(true);
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    await reporter.sendFeedback({
      name: '匿名',
      email: 'user@example.com',
      message: 'ボタンを押したら止まりました',
    });
    await Sentry.flush(1000);
    const fatal = t.items('event').find((e) => e.level === 'fatal');
    expect(fatal?.event_id).toBe(eventId);
    const feedback = t.items('feedback')[0] as
      { contexts: { feedback: Record<string, unknown> } } | undefined;
    expect(feedback?.contexts.feedback).toMatchObject({
      name: '匿名',
      contact_email: 'user@example.com',
      message: 'ボタンを押したら止まりました',
      associated_event_id: eventId,
    });
    expect(reporter.dialog().open).toBe(false);
  });

  it('a non-fatal error does not open the dialog', async () => {
    const reporter = createErrorReporter();
    reporter.report(new Error('軽いエラー'));
    expect(reporter.dialog().open).toBe(false);
  });
});
