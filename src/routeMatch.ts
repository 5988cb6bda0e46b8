import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { RouteDef } from './route';
import { NOT_FOUND_ROUTE, ROUTES } from './routes';

export type RouteParams = Record<string, string | undefined>;

/**
 * regexparam's parse, once per pattern: the table is fixed, and every match used to build a
 * RegExp for each row it passed (measured on a cold first page: 15 ms of the main thread, as the
 * route actor, the router and the link handler each match the location).
 */
type Parsed = { keys: string[]; pattern: RegExp };
const parsed = new Map<string, Parsed>();
function parseOnce(pattern: string, loose?: boolean): Parsed {
  const key = `${loose ? 'loose' : 'exact'} ${pattern}`;
  let found = parsed.get(key);
  if (!found) parsed.set(key, (found = parse(pattern, loose)));
  return found;
}

/** The first route of the table that matches a path (the table's order decides), as wouter matches. */
export function matchLocation(path: string): { route: RouteDef; params: RouteParams } {
  for (const route of ROUTES) {
    const [matches, params] = matchRoute(parseOnce, route.path, path);
    if (matches) return { route, params: (params ?? {}) as RouteParams };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}
