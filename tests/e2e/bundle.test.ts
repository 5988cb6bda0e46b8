import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { BUNDLE_GOAL, buildBaseline, measurePageScripts } from '../../bench/bundleSize';
import { DIST_DIR } from '../support/browser';

let cleanup = () => {};
afterAll(() => cleanup());

// A size check, deterministic: the JavaScript loaded for /login stays within the goal (bench:bundle's 1.6× a bare React page).
test('the JavaScript a browser loads for /login is at most 1.6× a bare React 19 page (gzip)', async () => {
  const baseline = await buildBaseline();
  cleanup = baseline.cleanup;
  const floor = await measurePageScripts(baseline.outDir, '/');
  const login = await measurePageScripts(DIST_DIR, '/login');
  const ratio = login.gzipBytes / floor.gzipBytes;
  console.log(`bundle: /login ${(login.gzipBytes / 1024).toFixed(1)} KB gzip, bare React ${(floor.gzipBytes / 1024).toFixed(1)} KB, ratio ${ratio.toFixed(2)}`);
  expect(login.files.some((f) => /socket|inspector|sentry|Chat/i.test(f.url))).toBe(false);
  expect(ratio).toBeLessThanOrEqual(BUNDLE_GOAL);
});

// Issue 25, lazy areas: the signed-in first screen (the `portal` group, build/chunking.ts) holds
// the resource pages, the shell and what they use, never another area's machines or API.
test('the signed-in portal chunk carries no chat, reporting, review, account-flow, call or palette code', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
  const portal = Object.values(manifest).find((chunk) => chunk.name === 'portal');
  expect(portal).toBeDefined();
  const sources = (JSON.parse(fs.readFileSync(path.join(DIST_DIR, `${portal!.file}.map`), 'utf8')) as { sources: string[] }).sources.map((s) => s.replace(/^.*?src\//, 'src/'));
  expect(sources.some((s) => s.endsWith('src/machines/resource.ts'))).toBe(true);
  const otherAreas = /src\/machines\/(chat|conversation|statistics|account\/|call\.ts|evaluation|review|turnTimings|scorecardItems\.ts|palette\.ts|areas\/(chat|reporting|flows|palette))|src\/api\/(chat|reporting\.ts|review|calls|twoFactor|recordingAudio)|src\/views\/(chat|calls|reporting|palette)\//;
  expect(sources.filter((s) => otherAreas.test(s))).toEqual([]);
});
