import * as Sentry from '@sentry/react';
import { scrub } from './scrub';
import { setErrorReporter } from './report';

/**
 * Loaded only when `sentryDsn` is configured (main.tsx imports this file lazily). SPEC §9: all
 * traces, 10 % of sessions, 100 % on error; replay is added after start-up so it never weighs on
 * the first paint.
 */
export function initSentry(dsn: string, environment: string): void {
  Sentry.init({
    dsn,
    environment,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    beforeSend: (event) => scrub(event),
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
  });
  setErrorReporter((error, context) => Sentry.captureException(error, { extra: context ? scrub(context) : undefined }));
  void import('./sentryReplay').then(({ addReplay }) => addReplay());
}
