import { createRecordingAudioApi } from '../../api/recordingAudio';
import { createReportingApi } from '../../api/reporting';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createConversationPlayerMachine, type ConversationPlayerActor } from '../conversationPlayer';
import { createConversationReportMachine, type ConversationReportActor } from '../conversationReport';
import { createConversationListMachine, type ConversationListActor } from '../conversationReportList';
import { ensureSystemActor } from '../root';
import { createStatisticsMachine, type StatisticsActor } from '../statistics';

/** The reporting area (SPEC §8), loaded with the first reporting page (its hook and route loader); its review actors are in reviewArea.ts. */

export interface ReportingActors {
  statistics: StatisticsActor;
  conversations: ConversationListActor;
  report: ConversationReportActor;
  /** The conversation page's recording player (its audio comes through the API with the session). */
  player: ConversationPlayerActor;
}

/** The reporting area's long-lived actors, spawned on the first reporting page of a session. */
export function openReporting(owner: AreaOwner): ReportingActors {
  const api = createReportingApi(owner.http);
  return {
    statistics: ensureSystemActor<StatisticsActor>(owner.root, ACTOR_IDS.statistics, () => createStatisticsMachine(api)),
    conversations: ensureSystemActor<ConversationListActor>(owner.root, ACTOR_IDS.conversationReports, () => createConversationListMachine(api)),
    report: ensureSystemActor<ConversationReportActor>(owner.root, ACTOR_IDS.conversationReport, () => createConversationReportMachine(api)),
    player: ensureSystemActor<ConversationPlayerActor>(owner.root, ACTOR_IDS.conversationPlayer, () => {
      const audio = createRecordingAudioApi(owner.http);
      return createConversationPlayerMachine((url, signal) => audio.audio(url, signal));
    }),
  };
}

