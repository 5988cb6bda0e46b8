import type { Request, Response } from 'express';
import type { AccountScope } from '../auth/accountScope';
import type { Database } from '../db/connection';
import { currentUser } from '../auth/authenticate';
import { contextOf } from '../context';
import { fieldError } from './errors';
import { takeExportSlot } from './exportSlots';
import { listReader, type ListSpec } from './list';
import { inTurn } from './turns';

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

/** Resolves when the client has taken the buffered bytes, went away, or `ms` passed. */
export function drained(res: Response, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Below this many bytes taken while the export waited `exportStallMs` for its client, the
 * client counts as stalled. Not "no bytes at all": a peer that reads nothing still lets its
 * kernel take a trickle for a while (receive buffers collapse and reopen the window), and a
 * slow but real reader takes far more than this.
 */
const STALLED_BELOW_BYTES = 64 * 1024;

/** A chunk of an export should take about this long to read and format: short enough that other requests wait little. */
const CHUNK_TARGET_MS = 6;
const MIN_CHUNK_ROWS = 50;
/** Rows read while the request is handled (the query is checked; the rest are read in shared turns). */
const FIRST_ROWS = 5;
const MAX_CHUNK_ROWS = 5_000;

/**
 * Streams the whole list of the request as CSV (no row limit). `X-Export-Rows` announces the
 * row count before the body, so the portal can show progress and the file is checked complete.
 * The rows are read a chunk at a time (ListReader: no statement stays open; a search was
 * resolved once, when the reader was made) in the server's shared turns (turns.ts), so any
 * number of exports leave each turn of the event loop to other requests, and written with
 * back-pressure: the next chunk waits for 'drain' when the client reads slower than we
 * produce, so memory stays at one chunk. A client that goes away (cancel) stops the export at
 * the next chunk; one that takes less than 64 KB while the export waits `exportStallMs` for it
 * (a stalled reader) is cut off and its buffered bytes freed. A user runs at most MAX_EXPORTS_PER_USER at once (exportSlots.ts).
 *
 * Setup errors (unknown sort or filter, the 429) are thrown before anything is sent.
 */
export function sendCsvExport<Row>(
  req: Request,
  res: Response,
  db: Database,
  options: { name: string; spec: ListSpec<Row>; scope: AccountScope; fallbackColumns: readonly string[] },
): void {
  const release = takeExportSlot(db, res, currentUser(req).id);
  let reader: ReturnType<typeof listReader>;
  let first: unknown[][];
  let chunkRows = 200;
  try {
    reader = listReader(req, db, options.spec, options.scope);
    // Read before the headers: a failing query is still an ordinary error response. Only a few
    // rows: this runs in the request's own turn, and 40 exports starting together read 200 rows
    // each there (the server's loop stood still for a second under load); the rest come in turns.
    first = reader.read(FIRST_ROWS);
  } catch (error) {
    release();
    throw error;
  }
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
    release();
  });
  const stallMs = contextOf(req).exportStallMs;
  const lines = (rows: readonly unknown[][]) => rows.map((values) => `${values.map(cell).join(',')}\r\n`).join('');
  const nextChunk = () => {
    const started = performance.now();
    const rows = reader.read(chunkRows);
    const text = lines(rows);
    const elapsed = performance.now() - started;
    // Steer the next chunk's size towards CHUNK_TARGET_MS of work.
    const scaled = Math.round(chunkRows * (CHUNK_TARGET_MS / Math.max(elapsed, 0.5)));
    chunkRows = Math.max(MIN_CHUNK_ROWS, Math.min(MAX_CHUNK_ROWS, Math.round((chunkRows + scaled) / 2)));
    return { done: rows.length === 0, text };
  };
  // Time spent waiting for the client, and the bytes it took meanwhile, since the last check.
  let waited = 0;
  let taken = 0;
  /** Waits until the client took what is buffered; false when it took too little while we waited stallMs in all. */
  const clientKeptUp = async () => {
    while (!gone && res.writableNeedDrain) {
      const before = res.writableLength;
      const started = performance.now();
      await drained(res, stallMs - waited);
      waited += performance.now() - started;
      taken += Math.max(0, before - res.writableLength);
      if (waited >= stallMs) {
        if (taken < STALLED_BELOW_BYTES) return false;
        waited = 0;
        taken = 0;
      }
    }
    return true;
  };
  const pump = async () => {
    let text = `${columns.map(cell).join(',')}\r\n${lines(first)}`;
    for (;;) {
      if (gone) return;
      res.write(text);
      if (!(await clientKeptUp())) {
        // A stalled reader: ending the connection frees what is buffered for it.
        res.destroy();
        return;
      }
      if (gone) return;
      const chunk = await inTurn(nextChunk);
      if (chunk.done) break;
      text = chunk.text;
    }
    res.end();
  };
  pump().catch((error: unknown) => {
    // Headers are gone: the only honest signal left is a broken download (no end of file).
    console.error('[export] failed mid-stream:', error);
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  });
}
