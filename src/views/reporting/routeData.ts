import { openReporting } from '../../machines/areas/reporting';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { rangeFrom } from './dateRange';
import { conversationOpen, conversationTab, overviewLoads, reportTabAccess } from './firstCalls';

/**
 * The reporting routes' first calls (the route actor runs them for each new place): the
 * conversation page opens its record and tab, the overview loads its figures for the URL's range
 * and the account (again when either changes, not for its table's sort).
 */
export function startRouteData(owner: RouteDataOwner, route: RouteDef, params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const { report, statistics } = openReporting(owner);
  if (route.data?.kind === 'conversation') {
    const mayOpen = reportTabAccess(owner.permissions);
    const id = params.ConversationId;
    const { tab } = conversationTab(params.tab, mayOpen);
    // Another account in the filter may hide this conversation: ask again.
    if (place.before && place.before.accountId !== place.accountId) {
      if (report.getSnapshot().context.conversationId === id) report.send({ type: 'conversationReport.reload' });
      return;
    }
    if (id && tab) report.send(conversationOpen(id, tab, mayOpen));
    return;
  }
  if (route.data?.kind === 'statistics') {
    const range = (search: string) => JSON.stringify(rangeFrom(new URLSearchParams(search)));
    if (place.before && place.before.accountId === place.accountId && range(place.before.search) === range(place.search)) return;
    for (const load of overviewLoads(new URLSearchParams(place.search))) statistics.send(load);
  }
}
