import { StrictMode, useLayoutEffect } from 'react';
import { Router } from 'wouter';
import { App } from './App';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { PortalProvider, type PortalValue } from './PortalContext';

const nothingToTell = () => {};

/** Tells boot the tree is in the page (a hydrated server drawing is then live: src/main.tsx). */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useLayoutEffect(onDrawn, [onDrawn]);
  return null;
}

/**
 * THE portal's React tree, the same in the browser (src/main.tsx) and on a server drawing a
 * signed-in page's first screen (src/serverRender.tsx): hydration needs both to build the same
 * tree. On a server, `at` is the page's path and query (no `location` there); in a browser, its own.
 */
export function PortalRoot({ portal, at, onDrawn }: { portal: PortalValue; at?: { path: string; search: string }; onDrawn?: () => void }) {
  return (
    <StrictMode>
      <RouteErrorBoundary>
        <PortalProvider value={portal}>
          <Router ssrPath={at?.path} ssrSearch={at?.search}>
            <App />
          </Router>
        </PortalProvider>
      </RouteErrorBoundary>
      <Drawn onDrawn={onDrawn ?? nothingToTell} />
    </StrictMode>
  );
}
