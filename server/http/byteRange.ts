import type { Request, Response } from 'express';
import { drained } from './csv';
import { inTurn } from './turns';

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One byte range of RFC 9110 §14.1.2 (`bytes=a-b`, `bytes=a-`, `bytes=-n`) over a body of `size`
 * bytes. Null means "answer the whole body": no header, another unit, or several ranges (which many
 * servers answer whole too).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

/**
 * Sends `body` honouring a Range request: 206 with Content-Range for one satisfiable range, 416
 * for an unsatisfiable one, else 200 with the whole body. Media players seek and resume this way,
 * and the portal fetches a long recording in parts.
 */
export function sendWithRanges(req: Request, res: Response, body: Buffer, contentType: string): void {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', contentType);
  const range = byteRangeOf(req.headers.range, body.length);
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${body.length}`);
    res.end();
    return;
  }
  // res.end, not res.send: send hashes the whole body for an ETag on every request (megabytes of
  // audio each; 100 parallel requests held the event loop for seconds).
  const part = range ? body.subarray(range.start, range.end + 1) : body;
  if (range) res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${body.length}`);
  res.setHeader('Content-Length', String(part.length));
  if (part.length <= SLICE_BYTES) {
    res.end(part);
    return;
  }
  sendSlices(res, part).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
}

/** Bytes written to a socket at a time: the kernel copies each write at once. */
const SLICE_BYTES = 64 * 1024;
/** A client that takes nothing for this long is cut off (its connection and our reference to the body freed). */
const STALL_MS = 30_000;

/**
 * A large body a slice at a time in the server's shared turns (turns.ts), waiting for the
 * client when its buffers are full. One res.end(body) copies the whole body into the kernel at
 * once: 100 parallel requests for 1 MB recordings copied 100 MB in one turn of the event loop,
 * and every other request waited for it (writev was the top of the server's profile).
 */
async function sendSlices(res: Response, body: Buffer): Promise<void> {
  for (let at = 0; at < body.length; at += SLICE_BYTES) {
    if (res.destroyed) return;
    const slice = body.subarray(at, at + SLICE_BYTES);
    await inTurn(() => res.write(slice));
    // Not write()'s answer: the buffer may have drained (and 'drain' fired) before this runs.
    if (res.writableNeedDrain && !res.destroyed) {
      await drained(res, STALL_MS);
      if (res.writableNeedDrain) {
        res.destroy();
        return;
      }
    }
  }
  res.end();
}
