import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { drawOnThread } from '../../server/http/drawingThread';
import type { ServerRenderInput } from '../../src/firstScreenHints';

/**
 * The server draws a signed-in page's first screen on a thread of its own (server/http/drawingThread.ts),
 * so a drawing never holds the server's other requests behind it. Read here with stand-in bundles
 * (the real one is drawn by tests/contract/serverRender.test.ts and tests/e2e/serverDrawn.test.ts):
 * one whose drawing takes 400 ms of CPU without yielding, one whose thread dies, one that never answers.
 */
let dir: string;
let entry: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawing-thread-'));
  const file = path.join(dir, 'serverRender-standin.js');
  fs.writeFileSync(
    file,
    `export async function renderFirstScreen(input) {
      const until = Date.now() + (input.url.includes('slow') ? 400 : 0);
      while (Date.now() < until) {} // CPU, never yielding
      if (input.url.includes('dies')) process.exit(1); // on a worker thread: that thread ends
      if (input.url.includes('hangs')) for (;;) {}
      return { html: '<p>drawn for ' + input.url + '</p>', themeVars: {} };
    }`,
  );
  entry = pathToFileURL(file).href;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const input = (url: string, timeoutMs = 2_000): ServerRenderInput => ({ url, config: {}, answers: { v: 1, calls: [] } as unknown as ServerRenderInput['answers'], timeZone: 'UTC', timeoutMs });

test("a drawing's CPU does not hold this thread: a 20 ms timer here fires while a 400 ms drawing is under way", async () => {
  const started = performance.now();
  let timerAt = Number.NaN;
  let drawnAt = Number.NaN;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      timerAt = performance.now() - started;
      resolve();
    }, 20),
  );
  const drawing = drawOnThread(entry, input('http://portal.test/slow')).then((drawn) => {
    drawnAt = performance.now() - started;
    return drawn;
  });
  const [drawn] = await Promise.all([drawing, timer]);
  expect(drawn).toEqual({ html: '<p>drawn for http://portal.test/slow</p>', themeVars: {} });
  expect(drawnAt).toBeGreaterThanOrEqual(400);
  expect(timerAt).toBeLessThan(drawnAt);
  expect(timerAt).toBeLessThan(300);
});

test('a thread that dies leaves its drawing undrawn (null), and the next drawing gets a new thread', async () => {
  expect(await drawOnThread(entry, input('http://portal.test/dies'))).toBeNull();
  expect(await drawOnThread(entry, input('http://portal.test/after'))).toEqual({ html: '<p>drawn for http://portal.test/after</p>', themeVars: {} });
});

test('a drawing that never answers is given up within its bound, and the stuck thread is replaced', async () => {
  const started = performance.now();
  expect(await drawOnThread(entry, input('http://portal.test/hangs', 100))).toBeNull();
  const waited = performance.now() - started;
  expect(waited).toBeGreaterThanOrEqual(100);
  expect(waited).toBeLessThan(2_000);
  expect(await drawOnThread(entry, input('http://portal.test/next'))).toEqual({ html: '<p>drawn for http://portal.test/next</p>', themeVars: {} });
});

test('a process that has drawn a page can still end: the drawing thread does not hold it open', () => {
  const script = path.join(dir, 'drawsThenEnds.mts');
  fs.writeFileSync(
    script,
    `import { drawOnThread } from ${JSON.stringify(pathToFileURL(path.resolve('server/http/drawingThread.ts')).href)};
     const drawn = await drawOnThread(${JSON.stringify(entry)}, ${JSON.stringify(input('http://portal.test/ends'))});
     console.log(JSON.stringify(drawn));`,
  );
  // Ended by itself, or killed after 15 s (a hang: the thread, or its message port, held the process).
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 15_000 });
  expect({ signal: run.signal, status: run.status, stderr: run.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
  expect(JSON.parse(run.stdout)).toEqual({ html: '<p>drawn for http://portal.test/ends</p>', themeVars: {} });
}, 30_000);
