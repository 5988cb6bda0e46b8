/**
 * Error reporting without loading Sentry up front: until (and unless) Sentry is initialised, errors
 * go to the console only.
 */
type Reporter = (error: unknown, context?: Record<string, unknown>) => void;

let reporter: Reporter = (error) => console.error(error);

export function setErrorReporter(next: Reporter): void {
  reporter = next;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  reporter(error, context);
}
