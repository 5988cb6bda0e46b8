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
