import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { PageAnswersPayload } from '../../src/api/firstCalls';
import { FIRST_SCREEN_HINTS_COOKIE, readFirstScreenHints, SERVER_DRAWN_ATTRIBUTE, type FirstListLookups, type FirstScreenHints, type ServerDrawing, type ServerRenderInput } from '../../src/firstScreenHints';
import { escapeHtml } from '../oidc/pages';
import { readCookie } from './cookies';
import { drawOnThread } from './drawingThread';
import { requestUrl } from './site';

/**
 * A signed-in page's first screen, drawn here from its first answers (docs/first-screen.md) by
 * the portal's own server bundle (`<dist>/ssr/serverRender.js`, built with the portal by
 * build/serverRenderBundle.ts, so it is always the portal the page loads). Only for a browser
 * that told us how it draws (its `portal_view` cookie: its time zone, and "All accounts" in its
 * filter); anything else, a build without the bundle, or a drawing that fails gets no drawing,
 * and the browser draws the page as before.
 */

/** Where build/serverRenderBundle.ts puts the bundle inside the portal's build (never served: spa.ts). */
export const SERVER_RENDER_DIR = 'ssr';

/** How long a drawing may take before the page is sent without it (its machines need no network: a few ms). */
export const FIRST_SCREEN_TIMEOUT_MS = 300;

/** Drawings under way at once in this process, at most MAX_DRAWINGS_IN_FLIGHT. */
let drawingsInFlight = 0;
const MAX_DRAWINGS_IN_FLIGHT = 4;

type Render = (input: ServerRenderInput) => Promise<ServerDrawing | null>;

/** What the server uses of the bundle: the drawing, and a list's name lookups for the first answers. */
export interface ServerBundle {
  renderFirstScreen: Render;
  firstListLookups: FirstListLookups;
}

/**
 * The bundle's module, loaded once per build: its entry is named by its content
 * (`serverRender-<hash>.js`), and imported under that one name, the name its chunks import it by
 * (a second name would be a second copy, with its own React contexts).
 */
export function serverBundle(distDir: string): () => Promise<ServerBundle | null> {
  const dir = path.join(distDir, SERVER_RENDER_DIR);
  const loaded = new Map<string, Promise<ServerBundle | null>>();
  return () => {
    const entry = currentEntry(dir);
    if (!entry) return Promise.resolve(null);
    let bundle = loaded.get(entry);
    if (!bundle) {
      const entryUrl = pathToFileURL(path.join(dir, entry)).href;
      // Drawn on a thread of its own (drawingThread.ts); the lookups (a few ids read from an answer) here.
      const draw: Render = (input) => drawOnThread(entryUrl, input);
      bundle = import(entryUrl).then(
        (module: Partial<ServerBundle>) => (module.renderFirstScreen ? { renderFirstScreen: draw, firstListLookups: module.firstListLookups ?? (() => []) } : null),
        (error: unknown) => {
          console.error('The first-screen bundle did not load; pages are drawn by the browser.', error);
          return null;
        },
      );
      loaded.clear(); // an older build's module is never asked again
      loaded.set(entry, bundle);
    }
    return bundle;
  };
}

/** The entry's file name in the bundle's folder, or null without a bundle. */
function currentEntry(dir: string): string | null {
  try {
    return fs.readdirSync(dir).find((file) => /^serverRender-[\w-]+\.js$/.test(file)) ?? null;
  } catch {
    return null;
  }
}

/**
 * `#root` with the page's first screen in it, or null: not drawn for this browser, or the drawing
 * did not come. Inert and disabled until the portal adopts it (src/main.tsx): a click or a key
 * before then does not go to a page that cannot answer yet (inert), and a script driving the page
 * (a test, an assistive tool) is told its controls are not ready (aria-disabled).
 */
export async function drawnRoot(req: Request, bundle: () => Promise<ServerBundle | null>, { config, answers, hints, timeoutMs = FIRST_SCREEN_TIMEOUT_MS }: { config: Record<string, unknown>; answers: PageAnswersPayload | null; hints: FirstScreenHints; timeoutMs?: number }): Promise<string | null> {
  if (!answers) return null;
  // Bounded: drawing is CPU on one thread (drawingThread.ts); past a few at once a page is left to its browser.
  if (drawingsInFlight >= MAX_DRAWINGS_IN_FLIGHT) return null;
  const render = (await bundle())?.renderFirstScreen;
  if (!render) return null;
  drawingsInFlight += 1;
  const drawing = await render({ url: requestUrl(req), config, answers, timeZone: hints.timeZone, timeoutMs })
    .catch(() => null)
    .finally(() => (drawingsInFlight -= 1));
  if (!drawing) return null;
  // The user's theme colour on the drawing until the portal sets it on <html> (src/main.tsx drops this then).
  const vars = Object.entries(drawing.themeVars);
  const style = vars.length ? ` style="${escapeHtml(vars.map(([name, value]) => `${name}:${value}`).join(';'))}"` : '';
  return `<div id="root" inert aria-disabled="true" ${SERVER_DRAWN_ATTRIBUTE}="${escapeHtml(hints.timeZone)}"${style}>${drawing.html}</div>`;
}

/**
 * The browser's hints when this server may draw its page: it told them, and "All accounts" is its
 * filter (a page's first answers are those of all the user's accounts). Null otherwise.
 */
export function drawingHints(req: Request): FirstScreenHints | null {
  const hints = readFirstScreenHints(readCookie(req, FIRST_SCREEN_HINTS_COOKIE));
  return hints && hints.accountId === null ? hints : null;
}
