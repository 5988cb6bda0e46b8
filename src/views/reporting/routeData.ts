import { openReporting } from '../../machines/areas';
import { prefetch } from '../../machines/prefetch';
import type { RouteDataOwner, RouteDef } from '../../route';
import { conversationOpen, conversationTab, overviewLoads, reportTabAccess } from './firstCalls';

/**
 * The reporting routes' first calls (render-as-you-fetch): the conversation page opens its record
 * and tab, the overview loads its figures, while the page's code is still on its way. The pages
 * send the same events on mount (firstCalls.ts), which the calls in flight answer.
 */
export function startRouteData(owner: RouteDataOwner, route: RouteDef, params: Record<string, string | undefined>, search: string): void {
  const { report, statistics } = openReporting(owner);
  const scope = owner.accountFilter.getSnapshot().context.accountId;
  if (route.data?.kind === 'conversation') {
    const mayOpen = reportTabAccess(owner.permissions);
    const id = params.ConversationId;
    const { tab } = conversationTab(params.tab, mayOpen);
    if (id && tab) prefetch(report, conversationOpen(id, tab, mayOpen), scope);
    return;
  }
  if (route.data?.kind === 'statistics') {
    for (const load of overviewLoads(new URLSearchParams(search))) prefetch(statistics, load, scope, load.kind);
  }
}
