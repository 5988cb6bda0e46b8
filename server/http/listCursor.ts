/**
 * Keyset cursors of list links (`cursor=` beside `page=`): where the next or previous page
 * starts, so it is read after the last row shown instead of skipping OFFSET rows. The cursor
 * is opaque to clients (SPEC §7: pagination follows the links as they are); a cursor that does
 * not fit the request (other sort or page size, tampered) is ignored and `page` applies.
 */
export type CursorValue = string | number;

export interface Cursor {
  /** The page the cursor leads to (meta.current_page). */
  page: number;
  /** Rows after the given row (next page) or before it (previous page). */
  side: 'after' | 'before';
  /** The boundary row's sort value(s) and its tiebreaker key, in ORDER BY order (NULL where the column is). */
  values: (CursorValue | null)[];
  sort: string;
  show: number;
}

export function encodeCursor(cursor: Cursor): string {
  const body = { p: cursor.page, d: cursor.side === 'after' ? 'a' : 'b', v: cursor.values, s: cursor.sort, n: cursor.show };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const isValue = (v: unknown): v is CursorValue | null =>
  v === null || (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v));

/** The cursor of `raw` when it belongs to a list sorted by `sort` with `show` rows a page, else null. */
export function decodeCursor(raw: string | null, expected: { sort: string; show: number; width: number }): Cursor | null {
  if (!raw || raw.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { p, d, v, s, n } = body as Record<string, unknown>;
  if (!Number.isSafeInteger(p) || (p as number) < 1 || (d !== 'a' && d !== 'b')) return null;
  if (s !== expected.sort || n !== expected.show) return null;
  if (!Array.isArray(v) || v.length !== expected.width || !v.every(isValue)) return null;
  return { page: p as number, side: d === 'a' ? 'after' : 'before', values: v, sort: s, show: n };
}
