/**
 * Error reporting without loading Sentry up front: until (and unless) Sentry is initialised, errors
 * go to the console only.
 */
type Reporter = (error: unknown, context?: Record<string, unknown>) => void;

const consoleReporter: Reporter = (error) => console.error(error);
let reporter: Reporter = consoleReporter;

export function setErrorReporter(next: Reporter): void {
  reporter = next;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  reporter(error, context);
}

/** A response field that did not parse and was degraded (src/api/tolerant.ts): never silent. */
export function reportDegradedField(field: { path: string; reason: string; received: string; kept: string }): void {
  console.warn(`API field degraded at ${field.path}: ${field.reason}; received ${field.received}, ${field.kept === 'text' ? 'shown as raw text' : 'omitted'}.`);
  if (reporter !== consoleReporter) reporter(new Error(`API field degraded at ${field.path}`), { ...field });
}

/** Back to console-only reporting (tests; a Sentry that was shut down). */
export function resetErrorReporter(): void {
  reporter = consoleReporter;
}
