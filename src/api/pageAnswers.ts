/**
 * A signed-in page's first answers, written into the page by its server (docs/first-answers.md;
 * the reference server's server/http/firstAnswers.ts): the session read's two GETs and the
 * route's first GET, answered before the page left the server. The transport (api/http.ts) hands
 * a GET whose URL equals one of them that answer instead of asking the network, once; the answer
 * then goes through the same readers (zod) as a network answer. A server or a static host that
 * writes nothing changes nothing.
 */
import { answerKey, PAGE_ANSWERS_ID, type PageAnswersPayload } from './firstCalls';

/** Answers older than this (from the page's navigation start) are never used: a later GET asks the network. */
export const PAGE_ANSWERS_MAX_AGE_MS = 10_000;

/** At most this many entries are read from a page (the reference server writes three). */
const MAX_ENTRIES = 8;

export interface PageAnswers {
  /** The page's answer (JSON text) to a GET of `url`, once; undefined when there is none, or no longer. */
  take(url: string): string | undefined;
  /** A write went out: what the page carried may be stale now, none of it is used any more. */
  clear(): void;
}

const NONE: PageAnswers = { take: () => undefined, clear: () => {} };

interface ReadOptions {
  doc?: Pick<Document, 'getElementById'>;
  /** The page's own URL (the base of the answers' paths). */
  base?: string;
  /** Milliseconds since the page's navigation started. */
  now?: () => number;
}

/**
 * Reads the page's answers once (boot, src/bootEarly.ts) and removes their element, so nothing
 * else finds them in the document. A malformed element is ignored (the portal asks the network).
 */
export function readPageAnswers({ doc = globalThis.document, base = globalThis.location?.href, now = () => performance.now() }: ReadOptions = {}): PageAnswers {
  const element = doc?.getElementById(PAGE_ANSWERS_ID);
  if (!element || !base) return NONE;
  const text = element.textContent;
  element.remove();
  const answers = new Map<string, string>();
  for (const entry of entriesOf(text).slice(0, MAX_ENTRIES)) {
    const key = answerKey(entry.url, base);
    if (key !== null && !answers.has(key)) answers.set(key, JSON.stringify(entry.body));
  }
  if (answers.size === 0) return NONE;
  return {
    take(url) {
      if (answers.size === 0) return undefined;
      if (now() > PAGE_ANSWERS_MAX_AGE_MS) {
        answers.clear();
        return undefined;
      }
      const key = answerKey(url, base);
      if (key === null) return undefined;
      const body = answers.get(key);
      answers.delete(key);
      return body;
    },
    clear: () => answers.clear(),
  };
}

function entriesOf(text: string | null): PageAnswersPayload['answers'] {
  try {
    const payload = JSON.parse(text ?? '') as unknown;
    const answers = typeof payload === 'object' && payload !== null ? (payload as { answers?: unknown }).answers : undefined;
    if (!Array.isArray(answers)) return [];
    return answers.filter((entry): entry is { url: string; body: unknown } => typeof entry === 'object' && entry !== null && typeof entry.url === 'string' && 'body' in entry);
  } catch {
    return [];
  }
}
