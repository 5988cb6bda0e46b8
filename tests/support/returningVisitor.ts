import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Machine tests (node, no DOM storage) of a returning visitor: the browser's guest flag says "not
 * guest" (SPEC §4), so the portal restores the session at start, as a reload of a signed-in tab does.
 * Call once at the top of a test file.
 */
export function asReturningVisitor(): void {
  beforeEach(() => {
    const store = new Map<string, string>([['isGuest', 'isNotGuest']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());
}
