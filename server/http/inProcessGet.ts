import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { Request } from 'express';

/** A JSON answer this server gave itself: the call's path and its parsed body. */
export interface InProcessAnswer {
  url: string;
  body: unknown;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * The socket a request made here stands on: the page request's addresses (so `req.ip` and
 * `req.protocol` read as they would for the browser's own call), and nothing to read or write.
 */
class BorrowedSocket extends EventEmitter {
  readonly readable = false;
  readonly writable = false;
  readonly destroyed = false;
  readonly remoteAddress: string | undefined;
  readonly remotePort: number | undefined;
  readonly localAddress: string | undefined;
  readonly localPort: number | undefined;
  readonly encrypted: boolean | undefined;
  constructor(from: Request['socket']) {
    super();
    this.remoteAddress = from.remoteAddress;
    this.remotePort = from.remotePort;
    this.localAddress = from.localAddress;
    this.localPort = from.localPort;
    this.encrypted = (from as { encrypted?: boolean }).encrypted;
  }
  destroy() {}
  setTimeout() {}
  setNoDelay() {}
  setKeepAlive() {}
  cork() {}
  uncork() {}
}

/**
 * One GET through this server's own app (every middleware: host guard, security headers,
 * authentication, permissions, account scope, the route), without a connection: the request and
 * response are node's own classes, the response's bytes are kept instead of sent. Resolves with
 * the parsed body of a 200 JSON answer of at most `maxBytes`, else null (another status, another
 * type, too large, not JSON, or `signal` aborted first).
 *
 * Why not a loopback request (what firstAnswers.ts made until now): five connections a page, ten
 * HTTP messages to write and parse, on the one thread that also draws the page. Measured on the
 * same machine, same run, a signed-in page with its answers and no drawing, median of 40: a
 * record page 3.5–5.6 ms in-process against 7.4–9.0 over loopback, a 100-row list 6.0–9.2
 * against 8.5–14.1. Why not a library
 * (light-my-request): Express sets its own prototypes on the request and the response, and the
 * library's response, which keeps the bytes through its prototype, then keeps none.
 */
export function inProcessGet(app: Handler, page: Request, path: string, headers: http.OutgoingHttpHeaders, signal: AbortSignal, maxBytes: number): Promise<InProcessAnswer | null> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(null);
    const onAbort = () => settle(null);
    const settle = (answer: InProcessAnswer | null) => {
      signal.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    signal.addEventListener('abort', onAbort, { once: true });

    const socket = new BorrowedSocket(page.socket) as unknown as import('node:net').Socket;
    const req = new http.IncomingMessage(socket);
    req.method = 'GET';
    req.url = path;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      req.headers[name.toLowerCase()] = text;
      req.rawHeaders.push(name, text);
    }
    req.push(null); // a GET has no body

    const res = new http.ServerResponse(req);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > maxBytes) tooLarge = true;
      else chunks.push(bytes);
    };
    // Instance properties: Express replaces the response's prototype, never these.
    res.write = ((chunk: unknown, encoding?: unknown) => {
      keep(chunk, encoding);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      keep(chunk, encoding);
      settle(answerOf(res, path, chunks, tooLarge));
      // Listeners on the response's end (a request log) hear it as they would a sent one.
      res.emit('finish');
      res.emit('close');
      return res;
    }) as typeof res.end;

    try {
      app(req, res);
    } catch {
      settle(null);
    }
  });
}

function answerOf(res: http.ServerResponse, url: string, chunks: Buffer[], tooLarge: boolean): InProcessAnswer | null {
  const type = String(res.getHeader('content-type') ?? '');
  if (tooLarge || res.statusCode !== 200 || !/^application\/json\b/i.test(type)) return null;
  try {
    return { url, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return null;
  }
}
