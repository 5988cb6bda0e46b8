import { withQuery } from './api/query';
import { lookupCalls } from './api/references';
import { isResourceKey, type ResourceRecord } from './api/resources';
import type { FirstListLookups } from './firstScreenHints';
import { firstListNames } from './views/resources/listNames';

/**
 * For a server's first answers (docs/first-answers.md): the name lookups a list's first screen
 * makes (views/resources/firstListNames.ts) with "All accounts" (the filter of a page a server
 * draws), from its answers (the server reads the permissions with the portal's own reader). The
 * server bundle exports it (src/serverRender.tsx), so a server asks exactly what this portal
 * will: the first batch of each section's lookup.
 */
export const firstListLookups: FirstListLookups = (pageUrl, permissions, list, accounts) => {
  try {
    const page = new URL(pageUrl);
    const section = page.pathname.split('/')[1] ?? '';
    if (!isResourceKey(section) || page.pathname !== `/${section}`) return [];
    // The rows as sent: only their ids are read (referenceId), which the portal's readers pass
    // through as they are; reading 100 rows with zod here cost the page's body a second parse.
    const rows = recordsOf(list);
    // The account filter's accounts name the Account column without a call (machines/areas/resources.ts `known`).
    const known = new Set(recordsOf(accounts).map((account) => String(account.id)));
    const wanted = firstListNames(section, page.search, rows, permissions, null)
      .map(({ section: referenced, ids }) => ({ section: referenced, ids: referenced === 'accounts' ? ids.filter((id) => !known.has(id)) : ids }))
      .filter(({ ids }) => ids.length > 0);
    return wanted.flatMap(({ section: referenced, ids }) => lookupCalls(referenced, ids).slice(0, 1)).map(({ path, query }) => withQuery(`/api${path}`, query));
  } catch {
    return [];
  }
};

/** An answer's records (`{ data: [...] }`), [] for anything else. */
function recordsOf(answer: unknown): ResourceRecord[] {
  const data = typeof answer === 'object' && answer !== null ? (answer as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data.filter((row): row is ResourceRecord => typeof row === 'object' && row !== null) : [];
}
