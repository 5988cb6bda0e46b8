import express from 'express';
import { HttpError } from './errors';

/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Raw bytes for multipart bodies only (express.json ignores them); other requests pass through. */
export const rawMultipart = express.raw({ type: 'multipart/form-data', limit: '3mb' });

export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType ?? '');
}

function boundaryOf(contentType: string): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) throw new HttpError(400, 'The multipart body has no boundary.');
  return boundary;
}

function parseHeaders(block: string): { name?: string; filename?: string; contentType?: string } {
  const result: { name?: string; filename?: string; contentType?: string } = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') result.contentType = value;
    if (key !== 'content-disposition') continue;
    const name = /\bname="([^"]*)"/i.exec(value);
    const filename = /\bfilename="([^"]*)"/i.exec(value);
    if (name) result.name = name[1];
    if (filename) result.filename = filename[1];
  }
  return result;
}

/**
 * A small RFC 7578 parser: enough for a browser's FormData (a file and a few text fields).
 * Express has none built in and a bot import is the only upload, so no dependency for it.
 */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) throw new HttpError(400, 'The multipart body is malformed.');
  for (;;) {
    start += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(delimiter, start);
    if (headerEnd < 0 || next < 0 || headerEnd > next) throw new HttpError(400, 'The multipart body is malformed.');
    const headers = parseHeaders(body.subarray(start, headerEnd).toString('utf8'));
    // The part's data ends with the CRLF that precedes the next delimiter.
    const data = body.subarray(headerEnd + 4, next - 2);
    if (headers.name !== undefined) {
      const part: FormPart = { name: headers.name, data };
      if (headers.filename !== undefined) part.filename = headers.filename;
      if (headers.contentType !== undefined) part.contentType = headers.contentType;
      parts.push(part);
    }
    start = next;
  }
  return parts;
}
