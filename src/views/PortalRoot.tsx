import { StrictMode } from 'react';
import { Router } from 'wouter';
import { App } from './App';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { PageDrawnContext } from './pageDrawn';
import { PortalProvider, type PortalValue } from './PortalContext';

const nothingToTell = () => {};

/**
 * THE portal's React tree, the same in the browser (src/main.tsx) and on a server drawing a
 * signed-in page's first screen (src/serverRender.tsx): hydration needs both to build the same
 * tree. On a server, `at` is the page's path and query (no `location` there); in a browser, its
 * own. `onDrawn`: the first route page is in the document and React holds it (views/pageDrawn.ts).
 */
export function PortalRoot({ portal, at, onDrawn = nothingToTell }: { portal: PortalValue; at?: { path: string; search: string }; onDrawn?: () => void }) {
  return (
    <StrictMode>
      <RouteErrorBoundary>
        <PortalProvider value={portal}>
          <PageDrawnContext.Provider value={onDrawn}>
            <Router ssrPath={at?.path} ssrSearch={at?.search}>
              <App />
            </Router>
          </PageDrawnContext.Provider>
        </PortalProvider>
      </RouteErrorBoundary>
    </StrictMode>
  );
}
