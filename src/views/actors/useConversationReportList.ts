import { conversationListApi } from '../../machines/conversationReportList.api';
import { useReporting } from '../reporting/useReporting';
import { useActorApi } from './useActorApi';

/** The conversation lists' named senders; the lists are read with useChildOperation(conversations, kind). */
export function useConversationReportList() {
  return useActorApi(useReporting().conversations, conversationListApi);
}
