/**
 * The browser's Back under a leave guard. The page's own popstate listener must run before
 * wouter's: listeners run in the order they were added, and the microtasks between them let
 * wouter re-render the next page (unmounting the form) before a later listener could stop it.
 * So one listener is added at start-up, before the router subscribes, and a guarding page plugs
 * its handler into it.
 */
let handler: ((event: PopStateEvent) => void) | null = null;
let installed = false;

export function installBackGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => handler?.(event));
}

/** Handles popstate until the returned release is called. */
export function guardBrowserBack(onPopState: (event: PopStateEvent) => void): () => void {
  handler = onPopState;
  return () => {
    if (handler === onPopState) handler = null;
  };
}
