import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { itemsOf, replaceItems } from '../../../review/scorecardItems';
import { guard, loadScoped } from '../../crud';
import { decimal, requiredString } from '../../fields';
import { notFound } from '../../errors';
import { sendRecord } from '../../record';
import { booleanish, validateBody } from '../../validation';
import { scorecardResource } from '../scorecards';

export const MAX_ITEMS = 50;

const itemInput = z.object({
  question: requiredString(500),
  kind: z.enum(['yes_no', 'scale']),
  allow_na: booleanish.optional().default(false),
  weight: decimal(0, 100),
  critical: booleanish.optional().default(false),
});
const itemsInput = z.object({ items: z.array(itemInput).min(1).max(MAX_ITEMS) });

/**
 * /api/v1/scorecards/{id}/items and /versions: a scorecard's questions, versioned once
 * evaluations use them (Scorecards read to see them, edit to change them).
 */
export function scorecardItemRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;
  const scorecardOf = (req: Parameters<typeof loadScoped>[0]) => {
    const row = loadScoped(req, db, scorecardResource) as { id: number; name: string };
    const { version } = db.prepare('SELECT version FROM scorecards WHERE id = ?').get(row.id) as { version: number };
    return { id: row.id, name: row.name, version };
  };

  const versionRecord = (scorecard: { id: number; name: string }, version: number, current: number) => ({
    scorecard_id: scorecard.id,
    scorecard_name: scorecard.name,
    version,
    current: version === current,
    items: itemsOf(db, scorecard.id, version),
  });

  router.get('/scorecards/:id/items', guard(scorecardResource, 'read'), (req, res) => {
    const scorecard = scorecardOf(req);
    sendRecord(res, versionRecord(scorecard, scorecard.version, scorecard.version));
  });

  router.put('/scorecards/:id/items', guard(scorecardResource, 'edit'), (req, res) => {
    const scorecard = scorecardOf(req);
    const { items } = validateBody(req, itemsInput);
    const { version, versioned } = replaceItems(db, scorecard.id, items);
    sendRecord(res, { ...versionRecord(scorecard, version, version), versioned });
  });

  router.get('/scorecards/:id/versions', guard(scorecardResource, 'read'), (req, res) => {
    const scorecard = scorecardOf(req);
    const rows = db
      .prepare(
        `SELECT v.version, v.created_at,
           (SELECT COUNT(*) FROM scorecard_items i WHERE i.scorecard_id = v.scorecard_id AND i.version = v.version) AS items_count,
           (SELECT COUNT(*) FROM conversation_evaluations e WHERE e.scorecard_id = v.scorecard_id AND e.scorecard_version = v.version) AS evaluations_count
         FROM scorecard_versions v WHERE v.scorecard_id = ? ORDER BY v.version DESC`,
      )
      .all(scorecard.id) as { version: number }[];
    res.json({ data: rows.map((row) => ({ ...row, current: row.version === scorecard.version })) });
  });

  router.get('/scorecards/:id/versions/:version', guard(scorecardResource, 'read'), (req, res) => {
    const scorecard = scorecardOf(req);
    const version = Number(req.params.version);
    const exists = Number.isInteger(version) && db.prepare('SELECT 1 FROM scorecard_versions WHERE scorecard_id = ? AND version = ?').get(scorecard.id, version);
    if (!exists) throw notFound('Scorecard version not found.');
    sendRecord(res, versionRecord(scorecard, version, scorecard.version));
  });

  return router;
}
