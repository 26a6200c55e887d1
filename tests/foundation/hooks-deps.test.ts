import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/platform/version.ts';

/**
 * Issue 28 point 4 (ADR 0183): no `exhaustive-deps` suppression in src/. eslint.config.js makes the rule an
 * error and gives src/ no inline config, so a suppression cannot hide a finding; each check below lints a small
 * snippet as if it were a file of src/. And the tree itself holds no such comment.
 */
const eslint = new ESLint({ cwd: ROOT_DIR });

async function lint(code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT_DIR, 'src/features/top/Probe.tsx') });
  return result!;
}

const MISSING_DEP = `import { useEffect } from 'react';
export function Probe({ id }: { id: number }) {
  %DIRECTIVE%
  useEffect(() => {
    console.log(id);
  }, []);
  return null;
}
`;

describe('exhaustive-deps cannot be suppressed in src/ (issue 28 point 4)', () => {
  it('a missing dependency is an error', async () => {
    const result = await lint(MISSING_DEP.replace('%DIRECTIVE%', ''));
    expect(result.errorCount).toBe(1);
    expect(result.messages[0]!.ruleId).toBe('react-hooks/exhaustive-deps');
  });

  it.each([
    ['the rule named on the next line', '// eslint-disable-next-line react-hooks/exhaustive-deps'],
    ['every rule on the next line', '// eslint-disable-next-line'],
    ['the rule turned off below', '/* eslint-disable react-hooks/exhaustive-deps */'],
    ['the rule set to off below', '/* eslint react-hooks/exhaustive-deps: "off" */'],
  ])('a suppression (%s) has no effect: the error stays', async (_, directive) => {
    const result = await lint(MISSING_DEP.replace('%DIRECTIVE%', directive));
    expect(
      result.messages.filter((m) => m.ruleId === 'react-hooks/exhaustive-deps' && m.severity === 2),
    ).toHaveLength(1);
    expect(result.messages.map((m) => m.message).join('\n')).toMatch(
      /has no effect because you have 'noInlineConfig'/,
    );
  });

  it('an effect that reads a new closure each render through useEffectEvent passes', async () => {
    const result = await lint(`import { useEffect, useEffectEvent } from 'react';
export function Probe({ id, load }: { id: number; load: (id: number) => void }) {
  const start = useEffectEvent(() => load(id));
  useEffect(() => start(), [id]);
  return null;
}
`);
    expect(result.messages).toEqual([]);
  });

  it('no file of src/ carries an eslint directive', () => {
    const files = readdirSync(join(ROOT_DIR, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .map((f) => join(ROOT_DIR, 'src', f));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\/[/*]\s*eslint(-disable|-enable|\s)/.test(line) ? [`${relative(ROOT_DIR, file)}:${i + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
