import { createActor } from 'xstate';
import type { Http } from '../api/http';
import { createReportingApi } from '../api/reporting';
import { isSignedIn, type AuthActor } from './auth';
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
 * The reporting area's long-lived actors, started on first use of a reporting page (the area is
 * a lazy chunk, so the root system does not carry them). Signing out empties them all: the next
 * user of this tab must never see the previous user's figures.
 */
export function startReportingActors({ http, auth }: { http: Http; auth: AuthActor }): ReportingActors {
  const api = createReportingApi(http);
  const statistics = createActor(createStatisticsMachine(api), { systemId: 'statistics' }).start();
  const conversations = createActor(createConversationListMachine(api), { systemId: 'conversationReports' }).start();
  const report = createActor(createConversationReportMachine(api), { systemId: 'conversationReport' }).start();
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
      subscription.unsubscribe();
      statistics.stop();
      conversations.stop();
      report.stop();
    },
  };
}
