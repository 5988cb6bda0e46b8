import type { Permissions } from '../api/schemas/permissions';
import { isAccessDenied, permittedSections } from './permissions';

/** SPEC §2's page for a user the API denies the portal (Global access false and no grant). */
export const ACCESS_DENIED_PATH = '/error/access';

/**
 * NOTES §Security: only same-origin paths starting with a single `/` are followed; `//host`,
 * `/\host`, absolute URLs and `javascript:` are refused.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let target: string;
  try {
    target = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\\]/.test(target)) return null;
  try {
    const base = 'http://portal.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * SPEC §4 "After permissions load": landing happens only from `/` or `/login` (or its second step,
 * `/two-factor-challenge`), i.e. at sign-in. Global access false with no section granted
 * (`isAccessDenied`) → `/error/access`. Exactly one
 * permitted section → that section; otherwise the redirect query target or `/dashboard`. Anywhere
 * else (a reload of /settings or /dashboard) the user stays. Null means "stay where you are".
 */
export function landingPath(perms: Permissions | null, location: string): string | null {
  const [pathname = '/', search = ''] = location.split('?');
  // The second-factor page is the sign-in page's second step: it lands the same way.
  if (pathname !== '/' && pathname !== '/login' && pathname !== '/two-factor-challenge') return null;
  if (isAccessDenied(perms)) return ACCESS_DENIED_PATH;
  // Landing is SPEC §4's rule over SPEC §2's sections: the extra clients list never counts.
  const sections = permittedSections(perms).filter((section) => !section.extra);
  if (sections.length === 1) return `/${sections[0]!.key}`;
  const redirect = new URLSearchParams(search).get('redirect');
  const target = safeRedirectTarget(redirect);
  return target && !target.startsWith('/login') ? target : '/dashboard';
}
