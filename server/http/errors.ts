import type { ErrorRequestHandler, RequestHandler } from 'express';

/**
 * An error that maps to a response status and a `{message}` body (DESIGN §4). Route code
 * throws these; the one error handler below renders them, so every error body has one shape.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra body fields beside `message` (e.g. `errors` for 422). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Laravel's 422 body: `{message, errors: {field: [text, …]}}`. */
export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string[]>, message?: string) {
    super(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', { errors });
    this.name = 'ValidationError';
  }
}

/** One field's validation failure, the common case in hand-written checks. */
export function fieldError(field: string, text: string): ValidationError {
  return new ValidationError({ [field]: [text] });
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const unauthorized = () => new HttpError(403, 'This action is unauthorized.');
export const notFound = (message = 'Not Found.') => new HttpError(404, message);

/** Terminal handler for paths no router claimed. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

/** Body-parser errors carry a status and a `type`; these are the client's fault, not ours. */
function bodyParserError(error: unknown): HttpError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed': return new HttpError(400, 'The request body is not valid JSON.');
    case 'entity.too.large': return new HttpError(413, 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported': return new HttpError(415, 'Unsupported request body encoding.');
    default: return undefined;
  }
}

/**
 * A client error raised by Express itself or a library (a path parameter with bad
 * percent-encoding is a URIError with status 400): its status, never a 500.
 */
function clientError(error: unknown): HttpError | undefined {
  const status = typeof error === 'object' && error !== null ? Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode) : NaN;
  if (!(status >= 400 && status < 500)) return undefined;
  return new HttpError(status, status === 400 ? 'The request is malformed.' : 'The request could not be processed.');
}

/**
 * Two requests racing past the same "is it free?" check: the database's unique index decides,
 * and the loser gets Laravel's `unique` answer on that column instead of a 500.
 */
function uniqueViolation(error: unknown): ValidationError | undefined {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
  const column = /UNIQUE constraint failed: \w+\.(\w+)/.exec(String((error as { message?: unknown }).message))?.[1] ?? 'id';
  return new ValidationError({ [column]: [`The ${column.replace(/_/g, ' ')} has already been taken.`] });
}

/**
 * Renders every error as JSON. Unexpected errors become a bare 500 "Server Error" (Laravel's
 * production text) and are logged on the server only: stack traces never reach a client.
 */
export function errorHandler(): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const known = error instanceof HttpError ? error : (bodyParserError(error) ?? uniqueViolation(error) ?? clientError(error));
    if (known) {
      res.status(known.status).json({ message: known.message, ...known.extra });
      return;
    }
    console.error(`[server] ${req.method} ${req.originalUrl} failed:`, error);
    res.status(500).json({ message: 'Server Error' });
  };
}
