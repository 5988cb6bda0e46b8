import type { Request, Response } from 'express';
import type { AccountScope } from '../auth/accountScope';
import type { Database } from '../db/connection';
import { fieldError } from './errors';
import { MAX_PAGE_SIZE, paginate, type ListSpec } from './list';

/** Exports stop here: a file this big is a job for a report, not a list download. */
const MAX_EXPORT_ROWS = 50_000;

/** `?export=csv` asks a list for a file; any other export format is a 422. */
export function wantsCsvExport(req: Request): boolean {
  const value = req.query.export;
  if (value === undefined || value === '') return false;
  if (value !== 'csv') throw fieldError('export', 'The selected export is invalid.');
  return true;
}

/** `req` with a different URL, so paginate reads the same filters, search and sort for page `page`. */
function requestForPage(req: Request, page: number): Request {
  const url = new URL(req.originalUrl, 'http://x');
  url.searchParams.delete('export');
  url.searchParams.set('show', String(MAX_PAGE_SIZE));
  url.searchParams.set('page', String(page));
  return Object.create(req, { originalUrl: { value: `${url.pathname}${url.search}` } }) as Request;
}

/** Every row the list would show (all pages), through the list's own paginate. */
export function allRecords<Row>(req: Request, db: Database, spec: ListSpec<Row>, scope: AccountScope): unknown[] {
  const records: unknown[] = [];
  for (let page = 1; records.length < MAX_EXPORT_ROWS; page += 1) {
    const envelope = paginate(requestForPage(req, page), db, spec, scope);
    records.push(...envelope.data);
    if (page >= envelope.meta.last_page) break;
  }
  return records.slice(0, MAX_EXPORT_ROWS);
}

function cell(value: unknown): string {
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

export function sendCsvExport<Row>(
  req: Request,
  res: Response,
  db: Database,
  options: { name: string; spec: ListSpec<Row>; scope: AccountScope; fallbackColumns: readonly string[] },
): void {
  const records = allRecords(req, db, options.spec, options.scope);
  sendAttachment(res, exportFilename(options.name, 'csv'), 'text/csv; charset=utf-8', toCsv(records, options.fallbackColumns));
}
