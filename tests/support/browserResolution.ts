import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which browser the end-to-end tests drive, decided once for `npm test` (tests/support/ensureBrowser.ts)
 * and for every launch (tests/support/browser.ts). Pure: the host is passed in, so the unit tests can
 * describe any machine without touching this one.
 */
export interface Host {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** An executable regular file at this path (what playwright-core itself accepts). */
  isExecutable(file: string): boolean;
  isRoot: boolean;
  /** /etc/os-release says Debian: its `chromium` package is the real browser (Ubuntu's is a snap stub). */
  isDebian: boolean;
}

/** How playwright-core launches it: a file, or an installed Google Chrome found by its channel. */
export type LaunchTarget = { executablePath: string } | { channel: 'chrome' };

export interface InstallStep {
  command: string;
  args: string[];
}

export type Resolution =
  | { kind: 'found'; target: LaunchTarget; description: string }
  | { kind: 'install'; steps: InstallStep[]; env: Record<string, string> }
  | { kind: 'missing'; message: string };

/** Debian's package, the browser this project is tested with (DESIGN §6). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Names a Linux distribution puts on PATH for Chromium or Chrome. */
const LINUX_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
/** Where playwright-core's `chrome` channel looks for Google Chrome (registry `_createChromiumChannel`). */
const LINUX_CHROME = '/opt/google/chrome/chrome';
const MAC_CHROME = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
const WINDOWS_CHROME = '\\Google\\Chrome\\Application\\chrome.exe';

const SET_CHROME_PATH = 'or set CHROME_PATH to a Chromium or Chrome executable';

/** Debian's chromium, installed without a question asked; quiet, as `npm test` has nothing to say about apt. */
export const DEBIAN_INSTALL: Extract<Resolution, { kind: 'install' }> = {
  kind: 'install',
  steps: [
    { command: 'apt-get', args: ['update', '-qq'] },
    { command: 'apt-get', args: ['install', '-y', '-qq', 'chromium'] },
  ],
  env: { DEBIAN_FRONTEND: 'noninteractive' },
};

function onPath(host: Host, name: string): string | undefined {
  const dirs = (host.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return dirs.map((dir) => path.join(dir, name)).find((file) => host.isExecutable(file));
}

/** Installed Google Chrome on macOS or Windows: the same places playwright-core's channel tries. */
function chromeChannelInstalled(host: Host): boolean {
  if (host.platform === 'darwin') return host.isExecutable(MAC_CHROME);
  if (host.platform !== 'win32') return false;
  const { LOCALAPPDATA, PROGRAMFILES, HOMEDRIVE } = host.env;
  const prefixes = [LOCALAPPDATA, PROGRAMFILES, host.env['PROGRAMFILES(X86)'], HOMEDRIVE && `${HOMEDRIVE}\\Program Files`, HOMEDRIVE && `${HOMEDRIVE}\\Program Files (x86)`];
  return prefixes.some((prefix) => prefix && host.isExecutable(path.win32.join(prefix, WINDOWS_CHROME)));
}

function found(executablePath: string): Resolution {
  return { kind: 'found', target: { executablePath }, description: executablePath };
}

/** The browser: CHROME_PATH, then Debian's Chromium, other Linux browsers, then an installed Chrome. */
export function resolveBrowser(host: Host, options: { allowInstall: boolean } = { allowInstall: true }): Resolution {
  const configured = host.env.CHROME_PATH;
  if (configured) {
    if (host.isExecutable(configured)) return found(configured);
    return { kind: 'missing', message: `CHROME_PATH=${configured} is not an executable file: point it at Chromium or Chrome, or unset it.` };
  }

  if (host.platform === 'linux') {
    if (host.isExecutable(DEBIAN_CHROMIUM)) return found(DEBIAN_CHROMIUM);
    for (const name of LINUX_NAMES) {
      const file = onPath(host, name);
      if (file) return found(file);
    }
    if (host.isExecutable(LINUX_CHROME)) return found(LINUX_CHROME);
    const canApt = host.isDebian && onPath(host, 'apt-get') !== undefined;
    if (canApt && host.isRoot && options.allowInstall) return DEBIAN_INSTALL;
    const how = canApt ? 'install it with `sudo apt-get install chromium`' : 'install Chromium or Google Chrome with your package manager';
    return { kind: 'missing', message: `No Chromium for the browser tests: ${how}, ${SET_CHROME_PATH}.` };
  }

  if (chromeChannelInstalled(host)) return { kind: 'found', target: { channel: 'chrome' }, description: 'Google Chrome (playwright-core channel "chrome")' };
  return { kind: 'missing', message: `No Chrome for the browser tests: install Google Chrome (https://www.google.com/chrome/), ${SET_CHROME_PATH}.` };
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function readsDebian(): boolean {
  try {
    return /^ID=("?)debian\1$/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

/** This machine, as resolveBrowser sees it. */
export function thisHost(): Host {
  return {
    platform: process.platform,
    env: process.env,
    isExecutable: isExecutableFile,
    isRoot: process.getuid?.() === 0,
    isDebian: process.platform === 'linux' && readsDebian(),
  };
}
