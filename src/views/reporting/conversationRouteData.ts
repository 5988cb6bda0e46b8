import { openReporting } from '../../machines/areas/reporting';
import type { ConversationReportActor } from '../../machines/conversationReport';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { conversationOpen, conversationTab, reportTabAccess } from './firstCalls';

/** The conversation page's actor: the conversation report (record, transcript and the other tabs' parts). */
export function pageActor(owner: RouteDataOwner): ConversationReportActor {
  return openReporting(owner).report;
}

/**
 * The conversation page's first call (the route actor runs it for each new place): open the
 * record on the URL's tab with the review parts the user may see; again when the account filter
 * changes (another account may hide this conversation).
 */
export function startRouteData(report: ConversationReportActor, _route: RouteDef, params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const mayOpen = reportTabAccess(place.permissions);
  const id = params.ConversationId;
  const { tab } = conversationTab(params.tab, mayOpen);
  if (place.before && place.before.accountId !== place.accountId) {
    if (report.getSnapshot().context.conversationId === id) report.send({ type: 'conversationReport.reload' });
    return;
  }
  if (id && tab) report.send(conversationOpen(id, tab, mayOpen));
}
