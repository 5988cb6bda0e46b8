import path from 'node:path';
import express, { Router, type Request } from 'express';
import type { FirstScreenHints } from '../../src/firstScreenHints';
import { readCookie, sessionCookieName } from './cookies';
import { answersElement, firstAnswersFor, type FirstAnswers } from './firstAnswers';
import { withInlineConfig } from './inlineConfig';
import { indexPages } from './preloadHints';
import { drawingHints, drawnRoot, SERVER_RENDER_DIR, serverBundle } from './serverRender';

/**
 * Paths owned by the API, never answered with the portal's HTML: `/api`, Sanctum, socket.io, and
 * Fortify's root routes (`/user/…`, `/email/…`), the outbox (`/dev/…`) and the local OIDC provider.
 * No portal page lives under any of them (pages are `/users…`, `/email-verification…`).
 */
export const API_PREFIXES = ['/api/', '/sanctum/', '/socket.io/', '/user/', '/email/', '/dev/', '/oidc/'] as const;

export function isApiPath(p: string): boolean {
  return p === '/api' || p === '/oidc' || API_PREFIXES.some((prefix) => p.startsWith(prefix));
}

/** A file that is not there (`/assets/old-abc.js`, `/favicon.png`): a 404, not the portal. */
function isAssetPath(p: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(p.slice(p.lastIndexOf('/') + 1));
}

/**
 * A page path: any GET or HEAD that is neither the API nor a file, whatever its Accept header
 * (curl sends `*\/*`; a newcomer checking the server with it must see the portal, not a 404).
 */
function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path) && !isAssetPath(req.path);
}

/** index.html's `#root` as built: the loading status shown until the portal draws (index.html). */
const ROOT_START = '<div id="root">';
const ROOT_END = '</div></div>';

/**
 * Where index.html's `#root` is, for a page whose first screen this server may draw (a list or a
 * record page of a browser whose hints allow it: serverRender.ts), else null.
 */
function drawable(req: Request, answers: FirstAnswers, html: string): { start: number; end: number; hints: FirstScreenHints } | null {
  const hints = answers.pageCall ? drawingHints(req) : null;
  if (!hints) return null;
  const start = html.indexOf(ROOT_START);
  const end = start === -1 ? -1 : html.indexOf(ROOT_END, start);
  return end === -1 ? null : { start, end: end + ROOT_END.length, hints };
}

/**
 * Serves the built portal: hashed assets with long caching, and index.html for every page
 * navigation so client-side routes (/bots/12/edit) survive a reload, with the runtime config in it.
 * When dist/ has not been built, navigations get a short text page saying how to build it.
 */
export function spaRoutes(distDir: string, publicConfig: () => Record<string, unknown>, options: { firstAnswersTimeoutMs?: number; firstScreenTimeoutMs?: number } = {}): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');

  // The server's own drawing code (serverRender.ts) is in the build, and no browser's business.
  router.use(`/${SERVER_RENDER_DIR}`, (_req, res) => void res.status(404).type('text/plain').send('Not found'));
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        // Vite fingerprints everything under assets/, so those never change under one name.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  const pages = indexPages(distDir);
  const bundle = serverBundle(distDir);
  void bundle(); // loaded now, not on a user's first page
  router.use(async (req, res, next) => {
    if (!isPageRequest(req)) return next();
    // Checked per request so `npm run build` while the server runs takes effect without a restart.
    const page = pages();
    if (!page) {
      res.status(503).type('text/plain').send(`The portal has not been built yet.\nRun \`npm run build\`, then reload this page.\n(Looked for ${indexFile})\n`);
      return;
    }
    const config = publicConfig();
    // A signed-in page's first answers (firstAnswers.ts): that user's data, only for this request.
    const answers = firstAnswersFor(req, config, options.firstAnswersTimeoutMs, bundle);
    // A page carrying answers is never stored: a back navigation must not hand them out again, stale.
    res.setHeader('Cache-Control', answers ? 'no-store' : 'no-cache');
    // The page differs with the session (signed-in code hints, preloadHints.ts, its answers) and its
    // opener policy with the browser (openerPolicy.ts): no shared cache may hand one's page to another.
    res.setHeader('Vary', 'Cookie, User-Agent');
    // The page carries /config.json's content, so boot starts without that request (inlineConfig.ts).
    const html = withInlineConfig(readCookie(req, sessionCookieName(req)) ? page.signedIn : page.guest, config);
    res.type('html');
    if (!answers) {
      res.send(html);
      return;
    }
    // Streamed: the head (scripts, their hints) leaves at once, so the browser fetches and compiles
    // the code while this server answers the page's first GETs; the answers close the body. Boot's
    // module scripts run only once the whole page is parsed, so they always find them.
    const end = html.lastIndexOf('</body>');
    const cut = end === -1 ? html.length : end;
    const root = drawable(req, answers, html);
    if (!root) {
      res.write(html.slice(0, cut));
      res.end(answersElement(await answers.payload.catch(() => null)) + html.slice(cut));
      return;
    }
    // A page whose first screen this server may draw (serverRender.ts): its body waits for the
    // answers and the drawing, which then stand where index.html's loading status stood.
    res.write(html.slice(0, root.start));
    const payload = await answers.payload.catch(() => null);
    const drawn = await drawnRoot(req, bundle, { config, answers: payload, hints: root.hints, timeoutMs: options.firstScreenTimeoutMs });
    const body = drawn === null ? html.slice(root.start, cut) : page.signedInStyles + drawn + html.slice(root.end, cut);
    res.end(body + answersElement(payload) + html.slice(cut));
  });

  return router;
}
