import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNED_IN_GROUPS } from '../../server/http/preloadHints';
import { startTestServer, type TestServer } from '../../server/testing';
import { DIST_DIR } from '../support/browser';
import { signedInClient } from '../support/signedIn';

const hints = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

// Issue 16: a signed-in page's lazily loaded code groups download beside the entry (hints from
// Vite's manifest), a guest's page never names them.
describe('signed-in pages hint their code groups', () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hints-'));
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/boot-1.js"></script></head><body></body></html>');
    // build/chunking.ts's layout: the entry with what /login needs (`boot`), one signed-in group
    // (`portal`) and what it imports, and pages with their own libraries outside it.
    const manifest = {
      'index.html': { file: 'assets/boot-1.js', name: 'boot', isEntry: true, imports: ['_rolldown-runtime-1.js'], css: ['assets/boot-1.css'] },
      '_rolldown-runtime-1.js': { file: 'assets/rolldown-runtime-1.js' },
      '_portal-1.js': { file: 'assets/portal-1.js', name: 'portal', imports: ['index.html', '_rolldown-runtime-1.js', '_route-1.js'], css: ['assets/portal-1.css'] },
      '_route-1.js': { file: 'assets/route-1.js', name: 'route' },
      '_uPlot-1.js': { file: 'assets/uPlot-1.js', name: 'uPlot', css: ['assets/uPlot-1.css'] },
      'src/views/reporting/ReportingPage.tsx': { file: 'assets/ReportingPage-1.js', isDynamicEntry: true, imports: ['_portal-1.js', '_uPlot-1.js'] },
    };
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('with a session: the groups and what they import, once each, not the entry’s own files', async () => {
    const client = await signedInClient(server.url, 'admin@example.com');
    const page = await client('/contacts?show=100');
    expect(page.status).toBe(200);
    expect(page.headers.get('vary')).toContain('Cookie');
    // Its opener policy differs with the browser (server/http/openerPolicy.ts).
    expect(page.headers.get('vary')).toContain('User-Agent');
    const html = await page.text();
    // Boot reads this to leave the hinted code to the browser (src/main.tsx signedInCodeHinted).
    expect(html).toContain('<meta name="portal-preloaded" content="signed-in">');
    expect(hints(html)).toEqual(['modulepreload /assets/portal-1.js', 'modulepreload /assets/route-1.js', 'preload /assets/portal-1.css']);
  });

  test('a guest’s pages (sign-in included) name none of the signed-in code', async () => {
    for (const pagePath of ['/login', '/contacts', '/']) {
      const page = await fetch(`${server.url}${pagePath}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('vary')).toContain('Cookie');
      const html = await page.text();
      expect(hints(html), pagePath).toEqual([]);
      expect(html, pagePath).not.toContain('portal-preloaded');
    }
  });

  test('any session cookie gets the hints without a lookup: they name only public build files', async () => {
    // The hints are file names anyone can fetch from /assets; they are shown for any session cookie
    // without looking it up (no database read per page), which reveals nothing.
    const page = await fetch(`${server.url}/contacts`, { headers: { Cookie: 'portal_session=not-a-session' } });
    expect(hints(await page.text())).toContain('modulepreload /assets/portal-1.js');
  });

  test('without a manifest the page is served as built (with its config), with no hints', async () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-plain-'));
    fs.writeFileSync(path.join(plain, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body></body></html>');
    const other = await startTestServer({ distDir: plain });
    try {
      const client = await signedInClient(other.url, 'admin@example.com');
      const html = await (await client('/contacts')).text();
      expect(hints(html)).toEqual([]);
      expect(html).not.toContain('portal-preloaded');
      // Besides the config, a signed-in page carries its first answers (firstAnswers.test.ts).
      expect(html.replace(/<script type="application\/json" id="portal-(config|first-answers)">[^<]*<\/script>/g, '')).toBe('<!doctype html><html><head><title>Portal</title></head><body></body></html>');
    } finally {
      await other.close();
      fs.rmSync(plain, { recursive: true, force: true });
    }
  });
});

// The build names its groups as the server expects (build/chunking.ts ↔ SIGNED_IN_GROUPS).
describe.runIf(fs.existsSync(path.join(DIST_DIR, '.vite', 'manifest.json')))('the built portal', () => {
  test('its manifest has every group the server hints, and a signed-in page names each group’s file', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
    const server = await startTestServer({ distDir: DIST_DIR });
    try {
      const client = await signedInClient(server.url, 'admin@example.com');
      const html = await (await client('/contacts')).text();
      for (const group of SIGNED_IN_GROUPS) {
        const chunk = Object.values(manifest).find((c) => c.name === group);
        expect(chunk, `a chunk named ${group}`).toBeDefined();
        expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${chunk!.file}">`);
      }
    } finally {
      await server.close();
    }
  });

  // The event schemas exist for the inspector's forms (src/inspector/eventSchemaRegistry.ts):
  // grouped with the shared portal code, every list page built all of them before its first call.
  test('the hinted signed-in code carries none of the machine inspector’s own code', async () => {
    const server = await startTestServer({ distDir: DIST_DIR });
    try {
      const client = await signedInClient(server.url, 'admin@example.com');
      const html = await (await client('/contacts')).text();
      const preloads = (page: string) => [...page.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">/g)].map((m) => m[1]!);
      // The entry's own files (the built index.html names them for every visitor) hold the recorder by design.
      const entryFiles = new Set(preloads(fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8')));
      const hinted = preloads(html).filter((file) => !entryFiles.has(file));
      expect(hinted.length).toBeGreaterThan(0);
      for (const file of hinted) {
        const map = path.join(DIST_DIR, `${file}.map`);
        if (!fs.existsSync(map)) continue;
        const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
        expect(sources.filter((source) => /src\/inspector\/|\.events\.ts$|eventSchemas\.ts$/.test(source)), file).toEqual([]);
      }
    } finally {
      await server.close();
    }
  });
});
