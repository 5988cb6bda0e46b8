import type { Permissions } from '../../api/schemas/permissions';
import { isReportTab, REVIEW_PARTS, type ConversationReportEvent, type ReportTab } from '../../machines/conversationReport';
import { can } from '../../machines/permissions';
import type { StatisticsEvent } from '../../machines/statistics';
import { rangeFrom } from './dateRange';

/**
 * The first calls of the reporting pages that start with their route (render-as-you-fetch, see
 * src/routeData.ts): built from the URL and the permissions alone, so the route's loader and the
 * page's own effect send the very same events and the second one is answered by the first.
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

/** The overview's figures for the URL's range, each on its own channel (they load side by side). */
export function overviewLoads(params: URLSearchParams): Array<StatisticsEvent & { type: 'statistics.load' }> {
  const { from, to } = rangeFrom(params);
  const query = { from, to };
  return [
    ...(['global', 'timeseries', 'globalRoles', 'rankings'] as const).map((kind) => ({ type: 'statistics.load' as const, kind, query })),
    { type: 'statistics.load', kind: 'active' },
  ];
}
