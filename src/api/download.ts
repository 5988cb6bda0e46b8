/** The file name from `Content-Disposition` (RFC 6266, `filename*` preferred), else the fallback. */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')), fallback);
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? sanitizeFilename(name.trim(), fallback) : fallback;
}

/** A server must not choose where a file lands: keep the base name only. */
function sanitizeFilename(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : fallback;
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** How much of a file download arrived: bytes, lines (CSV rows, header included) and the announced row count. */
export interface DownloadProgress {
  bytes: number;
  rows: number;
  /** `X-Export-Rows` of the response: the rows the whole file holds (null when not announced). */
  totalRows: number | null;
}

/** At most one progress report per this many milliseconds (the last one always arrives). */
const PROGRESS_INTERVAL_MS = 100;

/**
 * `response` with a body that counts what passes through it and reports it, throttled: the
 * download is read exactly as before, only observed on the way.
 */
export function withProgress(response: Response, report: (progress: DownloadProgress) => void): Response {
  if (!response.ok || !response.body) return response;
  const announced = Number(response.headers.get('x-export-rows'));
  const progress: DownloadProgress = { bytes: 0, rows: 0, totalRows: Number.isSafeInteger(announced) && response.headers.has('x-export-rows') ? announced : null };
  let lastReport = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        progress.bytes += chunk.byteLength;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) progress.rows += 1;
        const now = Date.now();
        if (now - lastReport >= PROGRESS_INTERVAL_MS) {
          lastReport = now;
          report({ ...progress, rows: Math.max(0, progress.rows - 1) });
        }
        controller.enqueue(chunk);
      },
      flush() {
        report({ ...progress, rows: Math.max(0, progress.rows - 1) });
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}
