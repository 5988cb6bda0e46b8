import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { DEBIAN_INSTALL, resolveBrowser, type Host } from '../../tests/support/browserResolution';

/** A machine described in full: which files are executable, who runs, which OS. */
function host(overrides: Partial<Host> & { files?: string[] } = {}): Host {
  const files = new Set(overrides.files ?? []);
  return {
    platform: 'linux',
    env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
    isRoot: false,
    isDebian: true,
    ...overrides,
    isExecutable: (file) => files.has(file),
  };
}

const APT = '/usr/bin/apt-get';

describe('resolveBrowser', () => {
  test('CHROME_PATH wins over every installed browser', () => {
    const resolution = resolveBrowser(host({ env: { CHROME_PATH: '/opt/my/chrome' }, files: ['/opt/my/chrome', '/usr/bin/chromium'] }));
    expect(resolution).toEqual({ kind: 'found', target: { executablePath: '/opt/my/chrome' }, description: '/opt/my/chrome' });
  });

  test('a CHROME_PATH that is not there stops with that path named, never falls back or installs', () => {
    const resolution = resolveBrowser(host({ env: { CHROME_PATH: '/nope/chrome', PATH: '/usr/bin' }, files: ['/usr/bin/chromium', APT], isRoot: true }));
    expect(resolution).toEqual({ kind: 'missing', message: 'CHROME_PATH=/nope/chrome is not an executable file: point it at Chromium or Chrome, or unset it.' });
  });

  test("Debian's /usr/bin/chromium comes before other browsers on PATH", () => {
    const resolution = resolveBrowser(host({ files: ['/usr/local/bin/google-chrome', '/usr/bin/chromium'] }));
    expect(resolution).toMatchObject({ kind: 'found', target: { executablePath: '/usr/bin/chromium' } });
  });

  test('other Linux browsers are found on PATH, then Google Chrome in /opt', () => {
    expect(resolveBrowser(host({ files: ['/usr/local/bin/chromium-browser', '/opt/google/chrome/chrome'] }))).toMatchObject({ target: { executablePath: '/usr/local/bin/chromium-browser' } });
    expect(resolveBrowser(host({ files: ['/opt/google/chrome/chrome'] }))).toMatchObject({ target: { executablePath: '/opt/google/chrome/chrome' } });
  });

  test("root on Debian with apt-get and no browser: install Debian's chromium, non-interactively", () => {
    const resolution = resolveBrowser(host({ isRoot: true, files: [APT] }));
    expect(resolution).toEqual({
      kind: 'install',
      steps: [
        { command: 'apt-get', args: ['update', '-qq'] },
        { command: 'apt-get', args: ['install', '-y', '-qq', 'chromium'] },
      ],
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
    expect(resolution).toBe(DEBIAN_INSTALL);
  });

  test('after an install the resolution never asks to install again', () => {
    expect(resolveBrowser(host({ isRoot: true, files: [APT] }), { allowInstall: false })).toMatchObject({ kind: 'missing' });
  });

  test('not root on Debian: one line with the apt-get command and CHROME_PATH', () => {
    expect(resolveBrowser(host({ files: [APT] }))).toEqual({
      kind: 'missing',
      message: 'No Chromium for the browser tests: install it with `sudo apt-get install chromium`, or set CHROME_PATH to a Chromium or Chrome executable.',
    });
  });

  test('root on a Linux that is not Debian (or has no apt-get): never installs, says what to install', () => {
    const expected = { kind: 'missing', message: 'No Chromium for the browser tests: install Chromium or Google Chrome with your package manager, or set CHROME_PATH to a Chromium or Chrome executable.' };
    expect(resolveBrowser(host({ isRoot: true, isDebian: false, files: [APT] }))).toEqual(expected);
    expect(resolveBrowser(host({ isRoot: true, files: [] }))).toEqual(expected);
  });

  test("macOS with Google Chrome installed: playwright-core's chrome channel, nothing to set", () => {
    const resolution = resolveBrowser(host({ platform: 'darwin', isDebian: false, files: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'] }));
    expect(resolution).toMatchObject({ kind: 'found', target: { channel: 'chrome' } });
  });

  test("Windows with Google Chrome under LOCALAPPDATA or Program Files: the chrome channel", () => {
    const chrome = 'C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe';
    const windows = (files: string[]) => host({ platform: 'win32', isDebian: false, env: { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local', PROGRAMFILES: 'C:\\Program Files' }, files });
    expect(resolveBrowser(windows([chrome]))).toMatchObject({ kind: 'found', target: { channel: 'chrome' } });
    expect(resolveBrowser(windows(['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe']))).toMatchObject({ kind: 'found', target: { channel: 'chrome' } });
  });

  test('macOS or Windows without Chrome: one line saying to install Chrome or set CHROME_PATH', () => {
    const message = 'No Chrome for the browser tests: install Google Chrome (https://www.google.com/chrome/), or set CHROME_PATH to a Chromium or Chrome executable.';
    expect(resolveBrowser(host({ platform: 'darwin', isDebian: false, isRoot: true }))).toEqual({ kind: 'missing', message });
    expect(resolveBrowser(host({ platform: 'win32', isDebian: false, env: {} }))).toEqual({ kind: 'missing', message });
  });
});

describe('the first step of npm test (tests/support/ensureBrowser.ts)', () => {
  const run = (env: Record<string, string>) =>
    promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['tests/support/ensureBrowser.ts'], { env: { ...process.env, ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  test('without a browser it exits non-zero with exactly one line', async () => {
    const result = await run({ CHROME_PATH: '/nonexistent/chromium' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('CHROME_PATH=/nonexistent/chromium is not an executable file: point it at Chromium or Chrome, or unset it.\n');
  });

  test('with a browser it names it and lets the suites run', async () => {
    const result = await run({ CHROME_PATH: process.execPath });
    expect(result).toEqual({ code: 0, stdout: `Browser for the e2e tests: ${process.execPath}\n`, stderr: '' });
  });
});
