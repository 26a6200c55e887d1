import { EMBEDDED_ANSWERS_ELEMENT_ID, type EmbeddedAnswer } from '../../../contracts/values.ts';

let waiting: EmbeddedAnswer[] | null = null;

function readPage(): EmbeddedAnswer[] {
  if (typeof document === 'undefined') return [];
  const text = document.getElementById(EMBEDDED_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const answers: unknown = JSON.parse(text);
    return Array.isArray(answers) ? (answers as EmbeddedAnswer[]) : [];
  } catch {
    return [];
  }
}

const sameQuery = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  return (
    keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length &&
    keys.every((k) => String(a[k]) === String(b[k]))
  );
};

/**
 * ADR 0156: the answer the server gave ahead in the page for this GET, once (the next call asks the
 * server), or null. Only a guest's call takes it: the page's answers are a guest's. The caller parses it
 * with the call's contract like any answer.
 */
export function takeEmbeddedAnswer(
  path: string,
  query: Record<string, unknown> | undefined,
): EmbeddedAnswer | null {
  waiting ??= readPage();
  const index = waiting.findIndex((a) => a.path === path && sameQuery(a.query, query ?? {}));
  if (index < 0) return null;
  return waiting.splice(index, 1)[0] ?? null;
}
