import { useEffect, useRef, useState } from 'react';

/** Seconds between automatic retries: doubling from 2 s, never more than a minute apart. */
export const RETRY_DELAYS_S = [2, 4, 8, 16, 32, 60] as const;

export type LoadState = 'ok' | 'loading' | 'failed';

/**
 * While the load has failed, calls `retry` when the browser reports the network back (`online`)
 * and after a growing delay; the delays start over once a load succeeds. Says when the next try is.
 */
export function useRetryWhileFailing(state: LoadState, retry: () => void): { nextInSeconds: number | null } {
  const attempts = useRef(0);
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const [nextInSeconds, setNext] = useState<number | null>(null);
  useEffect(() => {
    if (state === 'ok') attempts.current = 0;
    if (state !== 'failed') {
      setNext(null);
      return;
    }
    const delay = RETRY_DELAYS_S[Math.min(attempts.current, RETRY_DELAYS_S.length - 1)]!;
    setNext(delay);
    const again = () => {
      attempts.current += 1;
      retryRef.current();
    };
    const timer = window.setTimeout(again, delay * 1000);
    window.addEventListener('online', again);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [state]);
  return { nextInSeconds };
}
