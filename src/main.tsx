import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { createHttp } from './api/http';
import { loadRuntimeConfig } from './config';
import { readPanelState } from './inspector/panelState';
import { createRecorder } from './inspector/recorder';
import { startPortal } from './machines/root';
import { startRouteDataWith, warmRoute } from './routeData';
import { App, warmShell } from './views/App';
import { RouteErrorBoundary } from './views/errors/RouteErrorBoundary';
import { PortalProvider } from './views/PortalContext';
import { registerInspectorOpener } from './views/shell/inspectorToggle';
import './styles.css';

async function boot() {
  // The first screen's code (view, data loader, and the signed-in frame) loads beside config.json
  // and the session restore, not after them.
  const location = window.location.pathname + window.location.search;
  const configLoaded = loadRuntimeConfig(); // first: every chunk request below would queue before it
  warmRoute(location);
  warmShell(location);
  const config = await configLoaded;
  if (config.sentryDsn) {
    // Sentry never sends default PII (off by default in v11) and stays out of the initial bundle: only a configured DSN loads it.
    void import('./observability/sentry').then(({ initSentry }) => initSentry(config.sentryDsn!, config.environment));
  }
  const http = createHttp(config);
  // Machine inspector: allowed in dev builds, or in production when config.json says so. Only the
  // recorder (from boot, so the log holds the sign-in) is in the initial bundle; the panel is lazy.
  const recorder = import.meta.env.DEV || config.inspector ? createRecorder() : undefined;
  const portal = startPortal({ http, config, location }, { inspect: recorder?.inspect });
  startRouteDataWith(portal);
  if (recorder) {
    const openInspector = () => {
      const from = document.activeElement; // before the menu that opened it closes
      import('./inspector/open').then(({ openInspector: open }) => open(portal.root, recorder, from)).catch((error: unknown) => console.error('Machine inspector failed to load', error));
    };
    registerInspectorOpener(openInspector);
    // ?inspect opens it; so does a reload of a tab where it was open.
    if (new URLSearchParams(window.location.search).has('inspect') || readPanelState().open) openInspector();
  }
  const container = document.getElementById('root')!;
  createRoot(container).render(
    <StrictMode>
      <RouteErrorBoundary>
        <PortalProvider value={{ ...portal, config }}>
          <Router>
            <App />
          </Router>
        </PortalProvider>
      </RouteErrorBoundary>
    </StrictMode>,
  );
}

void boot();
