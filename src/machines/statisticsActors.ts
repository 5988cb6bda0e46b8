import type { Http } from '../api/http';
import { createReportingApi } from '../api/reporting';
import { ensureSystemActor, type SystemRoot } from './spawn';
import { createConversationReportMachine, type ConversationReportActor } from './conversationReport';
import { createConversationListMachine, type ConversationListActor } from './conversationReportList';
import { createStatisticsMachine, type StatisticsActor } from './statistics';

export interface ReportingActors {
  statistics: StatisticsActor;
  conversations: ConversationListActor;
  report: ConversationReportActor;
}

/**
 * The reporting area's long-lived actors, spawned into the system by the root on first use of a
 * reporting page (the area is a lazy chunk, so the root does not import them). The root stops
 * them when the session ends, like every area's actors.
 */
export function startReportingActors({ http, root }: { http: Http; root: SystemRoot }): ReportingActors {
  const api = createReportingApi(http);
  return {
    statistics: ensureSystemActor<StatisticsActor>(root, 'statistics', () => createStatisticsMachine(api)),
    conversations: ensureSystemActor<ConversationListActor>(root, 'conversationReports', () => createConversationListMachine(api)),
    report: ensureSystemActor<ConversationReportActor>(root, 'conversationReport', () => createConversationReportMachine(api)),
  };
}
