import { Fragment, useEffect, useState } from 'react';

/**
 * Japanese line breaking for headings and buttons (issue 11): no break inside a word or before a lone
 * character (「お願いしましょ / う。」, 「100 / 円から」). Browsers with `word-break: auto-phrase` (the global
 * styles) break between phrases themselves, and the text is left as it is. Elsewhere BudouX splits the
 * text into phrases, loaded only then (it is not on the first screen), and the phrases are joined with
 * <wbr> inside `word-break: keep-all`, so lines break only between them.
 */
const nativePhrases = () =>
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('word-break', 'auto-phrase');

export function Phrase({ children }: { children: string }) {
  const [phrases, setPhrases] = useState<string[] | null>(null);
  useEffect(() => {
    if (nativePhrases()) return;
    let live = true;
    void import('./budoux.ts')
      .then(({ phrasesOf }) => phrasesOf(children))
      .then((parts) => live && setPhrases(parts))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [children]);
  if (!phrases || phrases.length < 2) return children;
  return (
    <span style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
      {phrases.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </span>
  );
}

/** A heading or button label: strings go through <Phrase>, anything else is left as it is. */
export function phrased(node: React.ReactNode): React.ReactNode {
  return typeof node === 'string' ? <Phrase>{node}</Phrase> : node;
}
