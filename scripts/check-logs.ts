import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT_DIR } from '../server/platform/version.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo.ts';

/**
 * `npm run check:logs [file]` (issue 17, ADR 0142): searches a server log of JSON lines (by default the
 * one the Playwright run wrote, test-results/server.log) for personal data and secrets: any e-mail address
 * (the demo accounts' and the ones the browser tests sign up with), a bearer credential, a JWT, the demo
 * password, the seed's and the browser tests' bank account numbers. It also checks that the log is what it
 * should be (JSON lines, requests with their ids), so an empty or silenced log cannot pass.
 *
 * Prints one line per finding (line number and what was found, never the value) and exits 1 when any.
 */

/** What must never appear, by name. The values themselves are never printed. */
export const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  ...DEMO_ACCOUNTS.map((a) => ({
    name: `demo e-mail ${a.screenName}`,
    pattern: new RegExp(escape(a.email)),
  })),
  { name: 'an e-mail address', pattern: /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/ },
  { name: 'a bearer credential', pattern: /Bearer\s+(?!\[redacted\])\S/i },
  { name: 'a JWT', pattern: /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/ },
  { name: 'the demo password', pattern: new RegExp(escape(DEMO_PASSWORD)) },
  // server/seed/demo-money.ts, and the account e2e/money.spec.ts registers (full width in the form).
  { name: 'a seed or test bank account number', pattern: /(?<![0-9])(?:1234567|0765432|7654321)(?![0-9])/ },
  { name: 'a refresh or session cookie', pattern: /(?:refresh_token|__Host-[A-Za-z_-]+)=[A-Za-z0-9]/ },
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface LogCheck {
  lines: number;
  requests: number;
  findings: string[];
}

/** Checks the text of a log; findings name the line and the kind of leak, never the value. */
export function checkLog(text: string): LogCheck {
  const findings: string[] = [];
  let lines = 0;
  let requests = 0;
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    lines += 1;
    let entry: { msg?: unknown; reqId?: unknown } | null = null;
    try {
      entry = JSON.parse(line) as { msg?: unknown; reqId?: unknown };
    } catch {
      findings.push(`line ${i + 1}: not a JSON line`);
    }
    if (entry?.msg === 'request completed') {
      requests += 1;
      if (typeof entry.reqId !== 'string' || !entry.reqId)
        findings.push(`line ${i + 1}: a request without reqId`);
    }
    for (const { name, pattern } of FORBIDDEN) {
      if (pattern.test(line)) findings.push(`line ${i + 1}: ${name}`);
    }
  });
  if (requests === 0) findings.push('no "request completed" line: the log is empty or not at info level');
  return { lines, requests, findings };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = resolve(ROOT_DIR, process.argv[2] ?? join('test-results', 'server.log'));
  if (!existsSync(file)) {
    console.error(`check:logs: ${file} does not exist (run the browser tests first: npm run test:e2e)`);
    process.exit(1);
  }
  const { lines, requests, findings } = checkLog(readFileSync(file, 'utf8'));
  for (const f of findings.slice(0, 50)) console.error(`check:logs: ${f}`);
  if (findings.length > 50) console.error(`check:logs: … and ${findings.length - 50} more`);
  console.log(
    `check:logs: ${file}: ${lines} lines, ${requests} requests, ${findings.length} finding${findings.length === 1 ? '' : 's'}`,
  );
  process.exit(findings.length ? 1 : 0);
}
