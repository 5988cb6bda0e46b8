import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { RouteDef } from './route';
import { NOT_FOUND_ROUTE, ROUTES } from './routes';

export type RouteParams = Record<string, string | undefined>;

/** The first route of the table that matches a path (the table's order decides), as wouter matches. */
export function matchLocation(path: string): { route: RouteDef; params: RouteParams } {
  for (const route of ROUTES) {
    const [matches, params] = matchRoute(parse, route.path, path);
    if (matches) return { route, params: (params ?? {}) as RouteParams };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}
