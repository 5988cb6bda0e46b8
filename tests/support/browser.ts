import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/testing';

/** DESIGN §6: Debian's Chromium, never a downloaded browser. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** The built portal the end-to-end tests serve (`npm test` builds it first). */
export const DIST_DIR = path.resolve(process.env.PORTAL_DIST ?? 'dist');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true });
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  url: (path: string) => string;
  /** Errors the page threw: a passing flow has none. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A fresh reference API (new in-memory database) serving the built portal, and a new browser page. */
export async function startE2E(options: { publicConfig?: Record<string, unknown> } = {}): Promise<E2E> {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) throw new Error(`No built portal in ${DIST_DIR}: run \`npm run build\` first.`);
  const server = await startTestServer({ distDir: DIST_DIR, publicConfig: options.publicConfig });
  const browser = await launchBrowser();
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
      await browser.close();
      await server.close();
    },
  };
}

export async function signIn(page: Page, email: string, password = 'password') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
