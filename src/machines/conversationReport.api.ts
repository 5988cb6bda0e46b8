import type { ConversationReportActor, ReportPart, ReportTab } from './conversationReport';

/** The conversation report's named senders (reads go through its operations: useChildOperation). */
export function conversationReportApi(ref: ConversationReportActor) {
  return {
    open: (id: string, tab: ReportTab, reviewParts?: readonly ReportPart[]) => ref.send({ type: 'conversationReport.open', id, tab, reviewParts }),
    reload: () => ref.send({ type: 'conversationReport.reload' }),
    exportTranscript: (format: 'txt' | 'csv') => ref.send({ type: 'conversationReport.export', format }),
    close: () => ref.send({ type: 'conversationReport.close' }),
  };
}
