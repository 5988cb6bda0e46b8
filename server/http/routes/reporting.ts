import { Router } from 'express';
import type { AppContext } from '../../context';
import { accountScope, scopeCondition } from '../../auth/accountScope';
import { requirePermission } from '../../auth/permissions';
import { sendRecord } from '../record';

function tableExists(ctx: AppContext, name: string): boolean {
  return ctx.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** /api/v1/reporting/*: statistics over conversations, scoped to what the caller may see. */
export function reportingRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/reporting/global', requirePermission('Reporting', 'browse'), (req, res) => {
    const scope = scopeCondition(accountScope(req, 'Reporting'), 'account_id');
    const totals = ctx.db
      .prepare(
        `SELECT COUNT(*) AS conversations,
                ROUND(COALESCE(SUM(duration_seconds), 0) / 60.0, 2) AS minutes,
                ROUND(COALESCE(SUM(cost), 0), 2) AS cost,
                COALESCE(SUM(status = 'active'), 0) AS active
         FROM conversations WHERE ${scope.sql}`,
      )
      .get(...scope.params) as Record<string, number>;
    // Bots and instances arrive with the resource tables; count them once they exist.
    for (const table of ['bots', 'instances']) {
      if (tableExists(ctx, table)) {
        totals[table] = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${scope.sql}`).get(...scope.params) as { n: number }).n;
      }
    }
    sendRecord(res, totals);
  });

  return router;
}
