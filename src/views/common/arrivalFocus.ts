import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focus after a write that changes page (issue 26 item 9): create and save open the record,
 * a delete on a record's page goes back to its list. The page left behind took the focus
 * with it, so the page arrived at puts it on its heading — the outcome, with the toast saying
 * what was done — instead of leaving it on the page body. Only an arrival a write asked for
 * moves focus: following a link or Back keeps the browser's usual behaviour.
 */
let expected: { path: string; at: number } | null = null;

/** An arrival older than this is not the write's (its navigation never happened). */
const EXPECTED_MS = 10_000;

const pathOf = (href: string) => href.split(/[?#]/)[0]!;

/** Before navigating after a write: the page at `href` focuses its heading when it shows. */
export function focusHeadingOnArrival(href: string): void {
  expected = { path: pathOf(href), at: Date.now() };
}

/**
 * The heading of the page at `path` (give it tabIndex={-1}): focused once `ready` (the record
 * shown) if a write led here.
 */
export function useArrivalFocus<T extends HTMLElement>(path: string, ready = true): RefObject<T | null> {
  const heading = useRef<T>(null);
  useEffect(() => {
    if (!ready || !expected || !heading.current) return;
    if (expected.path === pathOf(path) && Date.now() - expected.at < EXPECTED_MS) {
      expected = null;
      heading.current.focus();
    }
  }, [path, ready]);
  return heading;
}
