import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { createHttp } from './api/http';
import { loadRuntimeConfig } from './config';
import { startPortal } from './machines/root';
import { App } from './views/App';
import { RouteErrorBoundary } from './views/errors/RouteErrorBoundary';
import { PortalProvider } from './views/PortalContext';
import './styles.css';

async function boot() {
  const config = await loadRuntimeConfig();
  if (config.sentryDsn) {
    // Sentry never sends default PII (off by default in v11) and stays out of the initial bundle: only a configured DSN loads it.
    void import('./observability/sentry').then(({ initSentry }) => initSentry(config.sentryDsn!, config.environment));
  }
  const http = createHttp(config);
  const location = window.location.pathname + window.location.search;
  const portal = startPortal({ http, config, location });
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
