import fs from 'node:fs';
import path from 'node:path';

/**
 * `<link rel="modulepreload">` hints for the signed-in portal's code, so a signed-in page's
 * lazily loaded group (build/chunking.ts: `portal`, the shared signed-in code with the resource
 * pages and the shell) downloads beside the entry instead of after it has run (issue 16: on a
 * first visit it was requested only once boot had evaluated the entry). Read from Vite's build manifest
 * (`build.manifest` in vite.config.ts); without one there are no hints and nothing else changes.
 *
 * Only for requests that carry a session: a guest's /login never downloads the signed-in code.
 */

/** Read by src/main.tsx (signedInCodeHinted). */
export const PRELOADED_MARK = '<meta name="portal-preloaded" content="signed-in">';

/** The chunk groups every signed-in page needs (their `name` in the manifest). */
export const SIGNED_IN_GROUPS = ['portal'] as const;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Files reachable from `keys` through static imports. */
function closure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    stack.push(...(chunk.imports ?? []));
  }
  return { js, css };
}

/** The signed-in code's files the entry does not load itself. */
function signedInFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inEntry = closure(manifest, entryKeys); // index.html lists these already
  const groups = closure(manifest, Object.keys(manifest).filter((key) => SIGNED_IN_GROUPS.some((group) => manifest[key]!.name === group)));
  const js = [...groups.js].filter((file) => !inEntry.js.has(file) && file.endsWith('.js')).sort();
  const css = [...groups.css].filter((file) => !inEntry.css.has(file)).sort();
  return { js, css };
}

/**
 * The signed-in code's styles inline, for a page whose first screen the server drew
 * (serverRender.ts): drawn before they are in, it would show unstyled. Inline, not a stylesheet
 * link: a link in the body holds the page's module scripts until it has loaded (measured, a cold
 * list: boot ~200 ms later, behind the low-priority style); its own link still comes with the code.
 * '' where a file cannot be read or could end its element (none of ours names a URL or `</style`).
 */
export function signedInStyles(manifest: Manifest, distDir: string): string {
  const css = signedInFiles(manifest).css.map((file) => {
    try {
      return fs.readFileSync(path.join(distDir, file), 'utf8');
    } catch {
      return null;
    }
  });
  if (css.some((text) => text === null || /<\/style|url\(/i.test(text))) return '';
  return css.length ? `<style>${css.join('')}</style>` : '';
}

/** The `<link>` tags to add to a signed-in page's `<head>`, or '' without a manifest. */
export function signedInPreloadTags(manifest: Manifest): string {
  const { js, css } = signedInFiles(manifest);
  if (js.length === 0 && css.length === 0) return '';
  // `crossorigin` as the entry's own tags and Vite's loader have it, so the preloaded response is the one used.
  // The meta tells boot (src/main.tsx) the browser is fetching this code unasked, so it need not import it early.
  // The stylesheet at low priority: a signed-in page asks for 7 files at once and HTTP/1.1 opens 6
  // connections to a host, so one waits. A preloaded style outranks a module preload, so the one
  // waiting was the signed-in code, which the session's answer needs first (measured cold: it came
  // ~150 ms after the boot chunk instead of with it); its styles are needed only by the first render.
  const scripts = js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = css.map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`);
  return [PRELOADED_MARK, ...scripts, ...styles].join('');
}

export interface IndexPages {
  guest: string;
  signedIn: string;
  /** The signed-in code's styles, inline (signedInStyles). */
  signedInStyles: string;
}

/** index.html with and without the hints, re-read when the build changes (a rebuild while the server runs). */
export function indexPages(distDir: string): () => IndexPages | null {
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let cached: { stamp: string; pages: IndexPages } | undefined;
  return () => {
    let stamp: string;
    try {
      const index = fs.statSync(indexFile);
      const manifest = fs.statSync(manifestFile, { throwIfNoEntry: false });
      stamp = `${index.mtimeMs}:${index.size}:${manifest?.mtimeMs ?? 0}`;
    } catch {
      return null; // not built
    }
    if (cached?.stamp !== stamp) {
      const guest = fs.readFileSync(indexFile, 'utf8');
      let tags = '';
      let styles = '';
      try {
        const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
        tags = signedInPreloadTags(manifest);
        styles = signedInStyles(manifest, distDir);
      } catch {
        tags = ''; // no manifest (or an unreadable one): no hints
      }
      cached = { stamp, pages: { guest, signedIn: tags ? guest.replace('</head>', `${tags}</head>`) : guest, signedInStyles: styles } };
    }
    return cached.pages;
  };
}
