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
