import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../tests/support/browser';
import { startTestServer } from '../server/testing';

export interface PageScripts {
  /** Every script the page loaded, with its gzip size. */
  files: Array<{ url: string; gzipBytes: number }>;
  gzipBytes: number;
}

/** The JavaScript a browser really loads for `pagePath` of a built site, gzip -9 each. */
export async function measurePageScripts(distDir: string, pagePath: string): Promise<PageScripts> {
  const server = await startTestServer({ distDir });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const bodies: Array<Promise<{ url: string; gzipBytes: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
    const files = await Promise.all(bodies);
    return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Builds the bare React 19 page (bench/baseline) into a temporary folder. */
export async function buildBaseline(): Promise<{ outDir: string; cleanup(): void }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bundle-baseline-'));
  await build({
    configFile: false,
    root: path.resolve('bench/baseline'),
    mode: 'production',
    // Under Vitest NODE_ENV is "test", which would bundle React's development build.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react()],
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return { outDir, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** Builds the portal into a temporary folder (leaves `dist/` alone). */
export async function buildPortal(): Promise<{ outDir: string; cleanup(): void }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bundle-portal-'));
  await build({ mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') }, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  return { outDir, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}

export const BUNDLE_GOAL = 1.6;
export const BUNDLE_LIMIT = 2.0;
