import { conversationReportApi } from '../../machines/conversationReport.api';
import { useReporting } from '../reporting/useReporting';
import { useActorApi } from './useActorApi';

/** The conversation report's named senders; its parts are read with useChildOperation(report, part). */
export function useConversationReport() {
  return useActorApi(useReporting().report, conversationReportApi);
}
