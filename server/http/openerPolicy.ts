/**
 * Cross-Origin-Opener-Policy, per browser (issue 16).
 *
 * `same-origin` made Chromium open every fresh tab of the portal (from a bookmark, the new-tab
 * page, another site) in a second new process and throw away V8's code cache for its scripts:
 * measured with bench/lists.ts, a warm first page took 370–430 ms with it and 210 ms without,
 * boot running at 51 ms instead of 154–188 ms. `noopener-allow-popups` (Chromium 129+) severs
 * every opener just as well (a page that opened the portal gets no handle to script or navigate
 * it; it severs same-origin openers too, which `same-origin` does not) without that cost. What it
 * leaves is a link from the portal's own popups to it: the portal opens none (sign-in and sign-out
 * redirect; links open without an opener). Other browsers, and older Chromium, do not know the value
 * and would ignore it, so they keep `same-origin`.
 */
const FIRST_CHROMIUM_WITH_NOOPENER_ALLOW_POPUPS = 129;

export type OpenerPolicy = 'same-origin' | 'noopener-allow-popups';

export function openerPolicyFor(userAgent: string | undefined): OpenerPolicy {
  // Chrome, Edge, Opera, Brave and headless Chrome all name their Chromium `Chrome/N`; Chrome on iOS is WebKit (`CriOS/N`).
  const chromium = /Chrome\/(\d+)\./.exec(userAgent ?? '');
  return chromium && Number(chromium[1]) >= FIRST_CHROMIUM_WITH_NOOPENER_ALLOW_POPUPS ? 'noopener-allow-popups' : 'same-origin';
}
