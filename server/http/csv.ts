import type { Request, Response } from 'express';
import type { AccountScope } from '../auth/accountScope';
import type { Database } from '../db/connection';
import { fieldError } from './errors';
import { listReader, type ListSpec } from './list';

/** `?export=csv` asks a list for a file; any other export format is a 422. */
export function wantsCsvExport(req: Request): boolean {
  const value = req.query.export;
  if (value === undefined || value === '') return false;
  if (value !== 'csv') throw fieldError('export', 'The selected export is invalid.');
  return true;
}

function cell(value: unknown): string {
  // Most cells of a big export: nothing to quote or guard.
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '';
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) text = value.join(';');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  // A cell starting with = + - @ is a formula to spreadsheet programs (CSV injection, OWASP):
  // text cells get a leading apostrophe; plain numbers stay numbers.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV: a header row with the record keys, CRLF line ends. */
export function toCsv(records: readonly unknown[], fallbackColumns: readonly string[]): string {
  const first = records[0];
  const columns = first && typeof first === 'object' ? Object.keys(first) : [...fallbackColumns];
  const lines = [columns.map(cell).join(',')];
  for (const record of records) {
    const row = record as Record<string, unknown>;
    lines.push(columns.map((column) => cell(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `<name>-YYYY-MM-DD.csv` (UTC date), the file name the portal saves under. */
export function exportFilename(name: string, extension: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.${extension}`;
}

export function sendAttachment(res: Response, filename: string, contentType: string, body: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"`);
  // Let a portal on another origin (DESIGN §5 apiOrigin) read the file name.
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  res.send(body);
}

/** Resolves when the client has taken the buffered bytes (or went away). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** A chunk of an export should take about this long to read and format: short enough that other requests wait little. */
const CHUNK_TARGET_MS = 6;
const MIN_CHUNK_ROWS = 50;
const MAX_CHUNK_ROWS = 5_000;

/**
 * Streams the whole list of the request as CSV (no row limit). `X-Export-Rows` announces the
 * row count before the body, so the portal can show progress and the file is checked complete.
 * The rows are read a chunk at a time (ListReader: no statement stays open) and written with
 * back-pressure: after each chunk the loop yields to the event loop, and it waits for 'drain'
 * when the client reads slower than we produce, so memory stays flat and other requests keep
 * being answered. A client that goes away (cancel) stops the export at the next chunk.
 *
 * Setup errors (unknown sort or filter) are thrown before anything is sent: a normal 422.
 */
export function sendCsvExport<Row>(
  req: Request,
  res: Response,
  db: Database,
  options: { name: string; spec: ListSpec<Row>; scope: AccountScope; fallbackColumns: readonly string[] },
): void {
  const reader = listReader(req, db, options.spec, options.scope);
  let chunkRows = 200;
  // Read before the headers: a failing query is still an ordinary error response.
  const first = reader.read(chunkRows);
  const columns = reader.columns() ?? [...options.fallbackColumns];
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${exportFilename(options.name, 'csv').replace(/["\\\r\n]/g, '')}"`);
  res.setHeader('X-Export-Rows', String(reader.total));
  // Let a portal on another origin (DESIGN §5 apiOrigin) read the file name and the row count.
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Export-Rows');
  res.setHeader('Cache-Control', 'no-store');
  res.flushHeaders();

  let gone = false;
  res.on('close', () => {
    gone = true;
  });
  const lines = (rows: readonly unknown[][]) => rows.map((values) => `${values.map(cell).join(',')}\r\n`).join('');
  const pump = async () => {
    let chunk = first;
    let text = `${columns.map(cell).join(',')}\r\n${lines(chunk)}`;
    for (;;) {
      if (gone) return;
      const flowing = res.write(text);
      // Wait for the client when it lags, then always yield a turn of the event loop: a socket
      // that takes the bytes at once emits 'drain' on the next tick, and a chain of ticks and
      // promise callbacks alone would never let another request in.
      if (!flowing) await drained(res);
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (gone) return;
      const started = performance.now();
      chunk = reader.read(chunkRows);
      text = lines(chunk);
      const elapsed = performance.now() - started;
      // Steer the next chunk's size towards CHUNK_TARGET_MS of work.
      const scaled = Math.round(chunkRows * (CHUNK_TARGET_MS / Math.max(elapsed, 0.5)));
      chunkRows = Math.max(MIN_CHUNK_ROWS, Math.min(MAX_CHUNK_ROWS, Math.round((chunkRows + scaled) / 2)));
      if (chunk.length === 0) break;
    }
    res.end();
  };
  pump().catch((error: unknown) => {
    // Headers are gone: the only honest signal left is a broken download (no end of file).
    console.error('[export] failed mid-stream:', error);
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  });
}
