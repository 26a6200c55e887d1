import { Writable } from 'node:stream';
import pino from 'pino';
import pretty from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/platform/env.ts';
import { loggerOptions, withLogSafety } from '../../server/platform/logging.ts';

/**
 * Issue 29 "The outside world of money, and the terminal": `npm start` in development prints readable
 * lines through pino-pretty; production (and a pipe, and LOG_FILE) keeps JSON; redaction holds either way.
 */
describe('issue 29 Logs: readable in a development terminal, JSON elsewhere', () => {
  it('issue 29 Logs: development on a terminal uses pino-pretty; production, a pipe and LOG_FILE do not', () => {
    const dev = loadEnv({ NODE_ENV: 'development' });
    expect(loggerOptions(dev, true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions(dev, false)).not.toHaveProperty('transport');
    expect(
      loggerOptions(loadEnv({ NODE_ENV: 'development', LOG_FILE: '/tmp/x.log' }), true),
    ).not.toHaveProperty('transport');
    const prod = loadEnv({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40) });
    expect(loggerOptions(prod, true)).not.toHaveProperty('transport');
  });

  it('issue 29 Logs: a pretty line is readable and still redacted (no e-mail address, no token)', async () => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const options = withLogSafety({ level: 'info' }) as pino.LoggerOptions;
    const log = pino(options, pretty({ destination: sink, colorize: false, sync: true }));
    log.info({ email: 'hanako@example.com', token: 'secret-token-value', userId: 7 }, 'user logged in');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toMatch(/INFO.*user logged in/);
    expect(out).toContain('userId: 7');
    expect(out).not.toContain('hanako@example.com');
    expect(out).not.toContain('secret-token-value');
    expect(() => JSON.parse(out.split('\n')[0]!)).toThrow();
  });
});
