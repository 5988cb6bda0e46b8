import { Router } from 'express';
import type { AppContext } from '../../context';
import { conversationRoutes } from './reporting/conversations';
import { liveWatchRoutes } from './reporting/liveWatch';
import { statisticsRoutes } from './reporting/statistics';

/**
 * /api/v1/reporting/*: conversation reports and statistics, scoped to what the caller may see
 * (permission model Reporting: browse for lists and statistics, read for one conversation).
 * Shapes: docs/reporting-contract.md.
 */
export function reportingRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(conversationRoutes(ctx));
  router.use(statisticsRoutes(ctx));
  router.use(liveWatchRoutes(ctx));
  return router;
}
