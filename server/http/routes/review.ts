import { Router } from 'express';
import type { AppContext } from '../../context';
import { evaluationRoutes } from './review/evaluations';
import { noteRoutes } from './review/notes';
import { reviewStatisticsRoutes } from './review/reviewStatistics';
import { scorecardItemRoutes } from './review/scorecardItems';

/**
 * Conversation review (issue 29): scorecard items and versions, evaluations, pinned notes,
 * per-turn timings and their statistics. Shapes: docs/review-contract.md.
 */
export function reviewRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(scorecardItemRoutes(ctx));
  router.use(evaluationRoutes(ctx));
  router.use(noteRoutes(ctx));
  router.use(reviewStatisticsRoutes(ctx));
  return router;
}
