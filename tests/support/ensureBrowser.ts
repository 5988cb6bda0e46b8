/**
 * First step of `npm test`: make sure the end-to-end tests have a browser before anything is built
 * or run. Installs Debian's chromium when this machine may (root, apt-get); otherwise stops with one
 * line saying what to install, so a machine without a browser never sees a hundred failed tests.
 */
import { spawnSync } from 'node:child_process';
import { DEBIAN_CHROMIUM, resolveBrowser, thisHost, type Resolution } from './browserResolution';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function install(plan: Extract<Resolution, { kind: 'install' }>): void {
  console.log("No Chromium found: installing Debian's chromium for the browser tests (apt-get, about a minute)…");
  for (const step of plan.steps) {
    const run = spawnSync(step.command, step.args, { env: { ...process.env, ...plan.env }, encoding: 'utf8' });
    if (run.status !== 0) {
      const why = run.error?.message ?? (run.stderr || run.stdout).trim().split('\n').pop() ?? '';
      fail(`\`${step.command} ${step.args.join(' ')}\` failed (${run.status ?? 'not run'}): ${why}`.trim());
    }
  }
}

let resolution = resolveBrowser(thisHost());
if (resolution.kind === 'install') {
  install(resolution);
  resolution = resolveBrowser(thisHost(), { allowInstall: false });
  if (resolution.kind === 'missing') fail(`apt-get installed chromium, yet ${DEBIAN_CHROMIUM} is not there: set CHROME_PATH to a Chromium or Chrome executable.`);
}
if (resolution.kind === 'missing') fail(resolution.message);
if (resolution.kind === 'found') console.log(`Browser for the e2e tests: ${resolution.description}`);
