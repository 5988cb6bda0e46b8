import { createReviewApi } from '../api/review';
import { ACTOR_IDS } from './actorIds';
import type { AreaOwner } from './areas';
import { createNotesMachine, type NotesActor } from './conversationNotes';
import { createEvaluationMachine, type EvaluationActor } from './evaluation';
import { createReviewQueueMachine, type ReviewQueueActor } from './reviewQueue';
import { createReviewStatisticsMachine, type ReviewStatisticsActor } from './reviewStatistics';
import { createScorecardItemsMachine, type ScorecardItemsActor } from './scorecardItems';
import { ensureSystemActor } from './root';
import { createTurnTimingsMachine, type TurnTimingsActor } from './turnTimings';

/**
 * The conversation review area's composition (issue 29), beside areas.ts and in its pattern: the
 * review API built over the portal's transport and wired into each machine; the root spawns them
 * on first use and stops them when the session ends. Loaded only by the reporting pages.
 */
export interface ReviewActors {
  evaluation: EvaluationActor;
  queue: ReviewQueueActor;
  notes: NotesActor;
  timings: TurnTimingsActor;
}

export function openReview(owner: AreaOwner): ReviewActors {
  const api = createReviewApi(owner.http);
  return {
    evaluation: ensureSystemActor<EvaluationActor>(owner.root, ACTOR_IDS.evaluation, () => createEvaluationMachine(api)),
    queue: ensureSystemActor<ReviewQueueActor>(owner.root, ACTOR_IDS.reviewQueue, () => createReviewQueueMachine(api)),
    notes: ensureSystemActor<NotesActor>(owner.root, ACTOR_IDS.conversationNotes, () => createNotesMachine(api)),
    timings: ensureSystemActor<TurnTimingsActor>(owner.root, ACTOR_IDS.turnTimings, () => createTurnTimingsMachine(api)),
  };
}

/** The review statistics of the reporting overview. */
export function openReviewStatistics(owner: AreaOwner): ReviewStatisticsActor {
  return ensureSystemActor<ReviewStatisticsActor>(owner.root, ACTOR_IDS.reviewStatistics, () => createReviewStatisticsMachine(createReviewApi(owner.http)));
}

/** The scorecard items editor of the Scorecards section. */
export function openScorecardItems(owner: AreaOwner): ScorecardItemsActor {
  return ensureSystemActor<ScorecardItemsActor>(owner.root, ACTOR_IDS.scorecardItems, () => createScorecardItemsMachine(createReviewApi(owner.http)));
}
