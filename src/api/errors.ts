/** SPEC §8: the text shown when the server gave no errors map, or no response at all. */
export const DEFAULT_ERROR_TEXT = 'API Error, please try again.';

export type FieldErrors = Record<string, string[]>;

/**
 * A failed call as every operation stores it: the operation's summary (SPEC §8, e.g.
 * "Error Loading Bots"), the server's detail text and the HTTP status (0 = no response).
 */
export class ApiError extends Error {
  readonly summary: string;
  readonly detail: string;
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly serverMessage: string | undefined;
  /**
   * What is stored and shown beside the text (SPEC §8 "the server's error detail"): the server's
   * message, or what came back when the answer was not what SPEC promises (with the failing path).
   */
  readonly serverDetail: string | undefined;
  /** A summary that names the failure better than the operation's own (e.g. "Record Not Found"). */
  readonly keepsSummary: boolean;

  constructor(init: {
    summary?: string;
    detail: string;
    status: number;
    fieldErrors?: FieldErrors;
    serverMessage?: string;
    serverDetail?: string;
    keepsSummary?: boolean;
  }) {
    super(init.detail);
    this.name = 'ApiError';
    this.summary = init.summary ?? '';
    this.detail = init.detail;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.serverMessage = init.serverMessage;
    this.serverDetail = init.serverDetail ?? init.serverMessage;
    this.keepsSummary = init.keepsSummary ?? false;
  }

  /** This error with a summary of its own that the operation's does not replace. */
  withOwnSummary(summary: string): ApiError {
    return new ApiError({ ...this, summary, keepsSummary: true });
  }

  /** The operation's summary, unless this error carries a more precise one of its own. */
  withSummary(summary: string): ApiError {
    if (this.keepsSummary && this.summary) return this;
    return new ApiError({ ...this, summary });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only string messages from an `errors` map; anything else in it is ignored. */
export function readFieldErrors(body: unknown): FieldErrors {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string');
    if (list.length > 0) result[field] = list;
  }
  return result;
}

/**
 * SPEC §8's error-text rule, exactly: with an errors map, all its messages joined by newlines;
 * with no response or no errors, 'API Error, please try again.'. The server's own message is not
 * the text: it is the stored detail shown beside it (ApiError.serverDetail).
 */
export function errorText(body: unknown): string {
  const joined = Object.values(readFieldErrors(body)).flat().join('\n');
  return joined || DEFAULT_ERROR_TEXT;
}

/** The server's `message`, trimmed and bounded (it is shown as text, never as HTML). */
export function serverMessageOf(body: unknown): string | undefined {
  if (!isRecord(body) || typeof body.message !== 'string') return undefined;
  const message = body.message.trim();
  return message ? message.slice(0, 1000) : undefined;
}

export function apiErrorFromResponse(status: number, body: unknown, summary?: string): ApiError {
  return new ApiError({
    summary,
    status,
    detail: errorText(body),
    fieldErrors: readFieldErrors(body),
    serverMessage: serverMessageOf(body),
  });
}

/** Any thrown value as an ApiError carrying the operation's summary. */
export function toApiError(error: unknown, summary: string): ApiError {
  if (error instanceof ApiError) return error.withSummary(summary);
  return new ApiError({ summary, status: 0, detail: DEFAULT_ERROR_TEXT });
}

/** SPEC §8's summary for a record that is not there (a stale link, or one the caller cannot see). */
export const RECORD_NOT_FOUND = 'Record Not Found';
export const RECORD_NOT_FOUND_DETAIL = 'This record does not exist or you cannot see it';

/**
 * A 404 on a record read as SPEC's "Record Not Found" with a plain detail: the server's own text
 * (Laravel's `No query results for model [App\\Models\\Role] 9999`) is internal and not shown.
 */
export function notFoundOnRead(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 404) return error;
  return new ApiError({ status: 404, summary: RECORD_NOT_FOUND, keepsSummary: true, detail: RECORD_NOT_FOUND_DETAIL });
}

/** Whether a failed call says "this backend has no such call" (404 or 405 on first use): the feature hides quietly. */
export function isMissingFeature(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 405;
}
