/**
 * npm run bench:reporting — a 5,000-line transcript in headless Chromium.
 *
 * In the same run and page, median of RUNS each (after a warm-up):
 *   - ours: the conversation page's TranscriptView (virtualised: only the lines in view render);
 *   - baseline: the same lines with the same line component as a plain list.
 * Figures: time to first render (render, layout and the first frame) and the longest frame
 * while scrolling the list from top to bottom. Goals (issue 14): first render ≤ 0.2× the plain
 * list's, and no frame over 50 ms.
 * Last line: `ratio: N.NN (ours / baseline)` = first render, ours / plain list.
 */
import react from '@vitejs/plugin-react';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../tests/support/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = Number(process.env.BENCH_LINES ?? 5000);
const SCROLL_STEP = 600;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const name = path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = path.join(dir, name === '/' ? 'index.html' : name);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

interface RunResult {
  firstRender: number;
  longestFrame: number;
  longFrames: number;
  longestLongFrame: number;
  frames: number;
  reachedEnd: boolean;
  lastLineShown: boolean;
}

async function main() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-reporting-'));
  await build({
    root: path.resolve('bench/reporting'),
    base: './',
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const { server, url } = await serve(outDir);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.waitForFunction(() => typeof window.benchRun === 'function');
    const results: Record<'ours' | 'baseline', RunResult[]> = { ours: [], baseline: [] };
    for (let run = 0; run <= RUNS; run += 1) {
      for (const kind of ['ours', 'baseline'] as const) {
        const result = await page.evaluate(([k, n, step]) => window.benchRun(k, n, step), [kind, LINES, SCROLL_STEP] as const);
        if (!result.reachedEnd || !result.lastLineShown) throw new Error(`${kind}: the scroll did not reach the last line`);
        if (run > 0) results[kind].push(result); // run 0 warms caches and the JIT on both sides
      }
    }
    const figures = (kind: 'ours' | 'baseline') => ({
      first: median(results[kind].map((r) => r.firstRender)),
      longest: median(results[kind].map((r) => r.longestFrame)),
      worst: Math.max(...results[kind].map((r) => r.longestFrame)),
      frames: median(results[kind].map((r) => r.frames)),
      longFrames: median(results[kind].map((r) => r.longFrames)),
    });
    const ours = figures('ours');
    const base = figures('baseline');
    const f = (n: number) => n.toFixed(1).padStart(8);
    console.log(`reporting benchmark: a ${LINES.toLocaleString('en')}-line transcript, median of ${RUNS} runs (after a warm-up), scrolled ${SCROLL_STEP} px a frame`);
    console.log(`                                   ours ms   plain list ms   ratio`);
    console.log(`first render                      ${f(ours.first)}   ${f(base.first)}        ${(ours.first / base.first).toFixed(2)}`);
    console.log(`longest frame scrolling (median)  ${f(ours.longest)}   ${f(base.longest)}        ${(ours.longest / base.longest).toFixed(2)}`);
    console.log(`longest frame scrolling (worst)   ${f(ours.worst)}   ${f(base.worst)}`);
    console.log(`frames over 50 ms while scrolling (long animation frames, median count): ${ours.longFrames} of ${ours.frames} ours, ${base.longFrames} of ${base.frames} plain list`);
    console.log(`machine load while measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (frame figures are wall-clock: a busy machine inflates both sides)`);
    console.log(`goals: first render ≤ 0.20× → ${(ours.first / base.first).toFixed(2)}×; no frame over 50 ms → worst ${ours.worst.toFixed(1)} ms (${ours.worst <= 50 ? 'met' : 'NOT met'})`);
    console.log(`ratio: ${(ours.first / base.first).toFixed(2)} (ours / baseline)`);
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
