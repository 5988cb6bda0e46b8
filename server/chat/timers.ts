/** A pause that ends early (rejecting) when `signal` aborts: replies stop when their chat does. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** An AbortSignal that aborts when any of `signals` does (Node 20 has AbortSignal.any). */
export function anySignal(...signals: AbortSignal[]): AbortSignal {
  return AbortSignal.any(signals);
}
