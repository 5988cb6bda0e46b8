import type { ConversationQuery } from '../api/reporting';
import type { Grade } from '../api/schemas/reporting';
import type { ConversationListActor } from './conversationReportList';

/** The conversation lists' named senders (the list, by grade, by disposition, export, options). */
export function conversationListApi(ref: ConversationListActor) {
  return {
    browse: (query: ConversationQuery) => ref.send({ type: 'conversations.browse', query }),
    byGrade: (grades: readonly Grade[], query?: ConversationQuery) => ref.send({ type: 'conversations.byGrade', grades, query }),
    byDisposition: (ids: readonly string[], query?: ConversationQuery) => ref.send({ type: 'conversations.byDisposition', ids, query }),
    exportFile: (query: ConversationQuery) => ref.send({ type: 'conversations.export', query }),
    cancelExport: () => ref.send({ type: 'conversations.cancelExport' }),
    loadOptions: () => ref.send({ type: 'conversations.loadOptions' }),
  };
}
