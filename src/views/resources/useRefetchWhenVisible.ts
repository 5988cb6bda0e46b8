import { useEffect, useRef } from 'react';

/** Hidden at least this long (a laptop asleep, another tab for a while): the list may be stale. */
export const STALE_AFTER_HIDDEN_MS = 60_000;

/**
 * Asks the list again, once, when the tab becomes visible after being hidden for
 * `STALE_AFTER_HIDDEN_MS` or more (issue 30's live lists: lists never stay stale after sleep).
 * `refetch` is read when it fires, so it can close over the latest query.
 */
export function useRefetchWhenVisible(refetch: () => void): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const changed = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      const since = hiddenAt;
      hiddenAt = null;
      if (since !== null && Date.now() - since >= STALE_AFTER_HIDDEN_MS) latest.current();
    };
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
}
