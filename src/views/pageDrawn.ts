import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * Told once a route's page is in the document and React holds it: boot (src/main.tsx) then lets a
 * page its server drew take input. React adopts a server drawing in passes, the frame first and
 * each Suspense boundary after it; the page's own boundary is the last (App.tsx RouteView).
 */
export const PageDrawnContext = createContext<() => void>(() => {});

/** Rendered beside a route's view, inside its Suspense boundary. */
export function PageDrawn(): null {
  const drawn = useContext(PageDrawnContext);
  useLayoutEffect(drawn, [drawn]);
  return null;
}
