import {
  EMBEDDED_ANSWERS_ELEMENT_ID,
  type EmbeddedAnswer,
  PRERENDERED_ATTRIBUTE,
  RENDERED_WITH_ANSWERS_ATTRIBUTE,
} from '../../../contracts/values.ts';

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

const indexOf = (path: string, query: Record<string, unknown> | undefined) => {
  waiting ??= readPage();
  return waiting.findIndex((a) => a.path === path && sameQuery(a.query, query ?? {}));
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
  const index = indexOf(path, query);
  if (index < 0 || !waiting) return null;
  return waiting.splice(index, 1)[0] ?? null;
}

/**
 * Issue 29 (ADR 0198): the answer given ahead for this GET, left in place, when a screen may draw it in its
 * first render: the HTML being taken over (hydrated) was rendered with the page's answers, or there is no
 * such HTML (the app draws the page itself, or this is the prerender worker rendering it). A page whose
 * HTML shows the loading state gets it through the call as before, so the first render matches the HTML.
 */
export function peekEmbeddedAnswer(
  path: string,
  query: Record<string, unknown> | undefined,
): EmbeddedAnswer | null {
  if (typeof document === 'undefined') return null;
  const prerendered = document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE) ?? false;
  const renderedWith =
    document.getElementById(EMBEDDED_ANSWERS_ELEMENT_ID)?.hasAttribute(RENDERED_WITH_ANSWERS_ATTRIBUTE) ??
    false;
  if (prerendered && !renderedWith) return null;
  const index = indexOf(path, query);
  return index < 0 ? null : (waiting?.[index] ?? null);
}

/** The prerender worker, between pages: the page's answers are read again from its DOM (ADR 0198). */
export function forgetEmbeddedAnswers(): void {
  waiting = null;
}
