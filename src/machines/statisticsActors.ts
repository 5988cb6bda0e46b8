import type { Http } from '../api/http';
import { createReportingApi } from '../api/reporting';
import { isSignedIn, type AuthActor } from './auth';
import { ensureSystemActor, type SystemRoot } from './spawn';
import { createConversationReportMachine, type ConversationReportActor } from './conversationReport';
import { createConversationListMachine, type ConversationListActor } from './conversationReportList';
import { createStatisticsMachine, STATISTICS_KINDS, type StatisticsActor } from './statistics';

export interface ReportingActors {
  statistics: StatisticsActor;
  conversations: ConversationListActor;
  report: ConversationReportActor;
  stop(): void;
}

/**
 * The reporting area's long-lived actors, spawned into the system by the root on first use of a
 * reporting page (the area is a lazy chunk, so the root does not import them). Signing out
 * empties them all: the next user of this tab must never see the previous user's figures.
 */
export function startReportingActors({ http, auth, root }: { http: Http; auth: AuthActor; root: SystemRoot }): ReportingActors {
  const api = createReportingApi(http);
  const statistics = ensureSystemActor<StatisticsActor>(root, 'statistics', () => createStatisticsMachine(api));
  const conversations = ensureSystemActor<ConversationListActor>(root, 'conversationReports', () => createConversationListMachine(api));
  const report = ensureSystemActor<ConversationReportActor>(root, 'conversationReport', () => createConversationReportMachine(api));
  let wasSignedIn = isSignedIn(auth.getSnapshot());
  const subscription = auth.subscribe((snapshot) => {
    const signedIn = isSignedIn(snapshot);
    if (wasSignedIn && !signedIn) {
      statistics.send({ type: 'statistics.reset', kinds: STATISTICS_KINDS.filter((k) => k !== 'export') });
      conversations.send({ type: 'conversations.reset' });
      report.send({ type: 'conversationReport.close' });
    }
    wasSignedIn = signedIn;
  });
  return {
    statistics,
    conversations,
    report,
    stop() {
      // The actors belong to the system (the root stops them); only the subscription is ours.
      subscription.unsubscribe();
    },
  };
}
