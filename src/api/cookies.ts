/** The page's cookies as one string. Each read of `document.cookie` asks the browser process, so a caller wanting several reads it once. */
export const currentCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);

/** Reads one cookie by name from a `document.cookie` string (URL-decoded), or null. */
export function readCookie(name: string, cookieString: string = currentCookies()): string | null {
  for (const part of cookieString.split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return part.slice(eq + 1);
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age}${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
