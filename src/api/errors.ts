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
