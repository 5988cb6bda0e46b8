import type { Permissions } from '../../api/schemas/permissions';
import { openReporting } from '../../machines/areas/reporting';
import { isReportTab, REVIEW_PARTS, type ConversationReportActor, type ConversationReportEvent, type ReportTab } from '../../machines/conversationReport';
import { can } from '../../machines/permissions';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';

/**
 * The conversation page's loader (routes.ts `conversationData`): its actor, its first call, and
 * the URL and permission rules that call and the page share (the page reads its tab with the
 * same `conversationTab`, so what the route opens is what the page shows).
 */

/**
 * SPEC §3's permission models for parts of a conversation: Reporting read opens it, and these
 * tabs need their own model's read as well (the reference API enforces the same).
 */
const REPORT_TAB_MODELS: Partial<Record<ReportTab, string>> = {
  recordings: 'Recordings',
  transcript: 'Transcripts',
  // Quotes are transcript lines: the reference API refuses them without Transcripts read too.
  quotes: 'Transcripts',
  'usage-summary': 'UsageSummaries',
  data: 'Call-Data',
};

/** Which report tabs these permissions open. */
export function reportTabAccess(permissions: Permissions | null): (tab: ReportTab) => boolean {
  return (tab) => {
    const model = REPORT_TAB_MODELS[tab];
    return model === undefined || can(permissions, model, 'read');
  };
}

/** The conversation page's tab: the URL's, unless unknown (null) or forbidden (the details instead). */
export function conversationTab(tabParam: string | undefined, mayOpen: (tab: ReportTab) => boolean) {
  const asked: ReportTab | null = tabParam === undefined ? 'overview' : isReportTab(tabParam) ? tabParam : null;
  const forbiddenTab = asked !== null && !mayOpen(asked);
  const tab: ReportTab | null = forbiddenTab ? 'overview' : asked;
  return { forbiddenTab, tab };
}

/** Opening a conversation on a tab: the record, the tab's part, and the review parts the user may see. */
export function conversationOpen(id: string, tab: ReportTab, mayOpen: (tab: ReportTab) => boolean): ConversationReportEvent {
  return { type: 'conversationReport.open', id, tab, reviewParts: REVIEW_PARTS.filter(mayOpen) };
}

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
