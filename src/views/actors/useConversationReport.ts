import type { ConversationReportActor } from '../../machines/conversationReport';
import { conversationReportApi } from '../../machines/conversationReport.api';
import { useActorApi } from './useActorApi';

/** The conversation report's named senders (the page holds the actor); its parts are read with useChildOperation(report, part). */
export function useConversationReport(report: ConversationReportActor) {
  return useActorApi(report, conversationReportApi);
}
