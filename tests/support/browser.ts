import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import type { ServerOptions } from '../../server/app';
import { startTestServer, type TestServer } from '../../server/testing';
import { resolveBrowser, thisHost } from './browserResolution';
import { reportPagesWithoutFrames } from './frames';
import { runningTestFailed } from './runningTest';

export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** The built portal the end-to-end tests serve (`npm test` builds it first). */
export const DIST_DIR = path.resolve(process.env.PORTAL_DIST ?? 'dist');

/**
 * DESIGN §6: an installed Chromium or Chrome, never a downloaded one; the same choice `npm test`
 * checked first (tests/support/ensureBrowser.ts). Without one, the launch fails with its one line.
 */
export function browserLaunchOptions(): LaunchOptions {
  const resolution = resolveBrowser(thisHost(), { allowInstall: false });
  if (resolution.kind !== 'found') throw new Error(resolution.kind === 'missing' ? resolution.message : 'No browser for the e2e tests.');
  return { ...resolution.target, args: CHROME_FLAGS, headless: true };
}

/**
 * Until the portal holds the page: a first screen its server drew (docs/first-screen.md) is on
 * screen, inert, before the portal's code has run; it takes input once the portal adopts it.
 */
export async function portalHoldsPage(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'), null, { timeout });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(browserLaunchOptions());
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for the whole test file (each test still gets its own context, so no cookie or
 * storage crosses tests): launching one per test cost a second or two on a busy machine. A
 * browser that died is launched again. tests/support/setupE2E.ts closes it after the file.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = shared ? await shared.catch(() => undefined) : undefined;
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

export async function closeSharedBrowser(): Promise<void> {
  const current = shared;
  shared = undefined;
  await (await current?.catch(() => undefined))?.close();
}

export interface E2E {
  server: TestServer;
  /** The file's shared browser: contexts a test opens on it are closed by `close()`. */
  browser: Browser;
  context: BrowserContext;
  page: Page;
  url: (path: string) => string;
  /** Errors the page threw: a passing flow has none. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A fresh reference API (new in-memory database) serving the built portal, and a new browser page. */
export async function startE2E(options: { publicConfig?: Record<string, unknown>; localOidc?: ServerOptions['localOidc']; firstAnswersTimeoutMs?: number; firstScreenTimeoutMs?: number } = {}): Promise<E2E> {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) throw new Error(`No built portal in ${DIST_DIR}: run \`npm run build\` first.`);
  const [server, browser] = await Promise.all([
    startTestServer({ distDir: DIST_DIR, publicConfig: options.publicConfig, localOidc: options.localOidc, firstAnswersTimeoutMs: options.firstAnswersTimeoutMs, firstScreenTimeoutMs: options.firstScreenTimeoutMs }),
    sharedBrowser(),
  ]);
  const before = new Set(browser.contexts());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return {
    server,
    browser,
    context,
    page,
    pageErrors,
    url: (p) => `${server.url}${p}`,
    async close() {
      if (runningTestFailed()) await reportPagesWithoutFrames(browser);
      // Every context opened since the start (the test's own ones too), as closing the browser did.
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close()));
      await server.close();
    },
  };
}

export async function signIn(page: Page, email: string, password = 'password') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
