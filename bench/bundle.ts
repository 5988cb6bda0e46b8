import { BUNDLE_GOAL, BUNDLE_LIMIT, buildBaseline, buildPortal, measurePageScripts } from './bundleSize';

/**
 * `npm run bench:bundle`: gzip bytes of the JavaScript a browser loads for /login, against a bare
 * React 19 page built and loaded the same way in the same run.
 */
async function main() {
  const baseline = await buildBaseline();
  const portal = await buildPortal();
  try {
    const floor = await measurePageScripts(baseline.outDir, '/');
    const login = await measurePageScripts(portal.outDir, '/login');
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log('Scripts loaded for /login (gzip -9):');
    for (const file of login.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.url}`);
    console.log(`portal /login:      ${kb(login.gzipBytes)}`);
    console.log(`bare React 19 page: ${kb(floor.gzipBytes)}`);
    const ratio = login.gzipBytes / floor.gzipBytes;
    console.log(`goal ≤ ${BUNDLE_GOAL.toFixed(2)}×, CI limit ${BUNDLE_LIMIT.toFixed(2)}×`);
    console.log(`ratio: ${ratio.toFixed(2)} (ours / baseline)`);
    if (ratio > BUNDLE_LIMIT) process.exitCode = 1;
  } finally {
    baseline.cleanup();
    portal.cleanup();
  }
}

void main();
