import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { accountScope, inScope } from '../../../auth/accountScope';
import { requirePermission } from '../../../auth/permissions';
import { ANSWER_VALUES } from '../../../../src/format/evaluationScore';
import { applicableScorecards, createEvaluation, evaluationRecord, evaluationRow, evaluationsOf, saveEvaluation } from '../../../review/evaluations';
import { itemsOf } from '../../../review/scorecardItems';
import { fieldError, notFound, unauthorized } from '../../errors';
import { integer, optionalText } from '../../fields';
import { idParam, sendRecord } from '../../record';
import { validateBody } from '../../validation';
import { reviewedConversation, reviewer } from './conversation';
import { MAX_ITEMS } from './scorecardItems';

const answer = z.object({ value: z.enum(ANSWER_VALUES).nullable().optional(), comment: optionalText(2000) });
const answers = z
  .record(z.string().regex(/^[1-9]\d{0,15}$/), answer)
  .refine((value) => Object.keys(value).length <= MAX_ITEMS, `The answers field must not have more than ${MAX_ITEMS} items.`)
  .optional();
const update = z.object({ answers, comment: optionalText(5000), status: z.enum(['draft', 'submitted']).optional() });
const create = update.extend({ scorecard_id: integer(1, Number.MAX_SAFE_INTEGER) });

const NOT_FOUND = 'Evaluation not found.';

/**
 * Evaluating conversations (docs/review-contract.md): the scorecards that apply, every revision
 * of its evaluations, drafts saved and submitted. Model `Evaluations`: read to see them, add to
 * start one, edit to continue one's own draft; the conversation must be in the caller's scope.
 */
export function evaluationRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;
  const read = requirePermission('Evaluations', 'read');

  router.get('/reporting/conversations/:id/scorecards', read, (req, res) => {
    const c = reviewedConversation(db, req);
    res.json({ data: applicableScorecards(db, c).map((s) => ({ ...s, items: itemsOf(db, s.id, s.version) })) });
  });

  router.get('/reporting/conversations/:id/evaluations', read, (req, res) => {
    const c = reviewedConversation(db, req);
    const me = reviewer(req).id;
    res.json({ data: evaluationsOf(db, c.id).map((row) => evaluationRecord(db, row, me)) });
  });

  router.post('/reporting/conversations/:id/evaluations', requirePermission('Evaluations', 'add'), (req, res) => {
    const c = reviewedConversation(db, req);
    const input = validateBody(req, create);
    const me = reviewer(req);
    const scorecard = applicableScorecards(db, c).find((s) => s.id === input.scorecard_id);
    if (!scorecard) throw fieldError('scorecard_id', 'The selected scorecard is not assigned to this conversation’s role or instance.');
    if (itemsOf(db, scorecard.id, scorecard.version).length === 0) throw fieldError('scorecard_id', 'This scorecard has no questions yet.');
    const draft = db.prepare("SELECT id FROM conversation_evaluations WHERE conversation_id = ? AND reviewer_id = ? AND status = 'draft'").get(c.id, me.id) as { id: number } | undefined;
    if (draft) throw fieldError('evaluation', `You already have a draft evaluation of this conversation (#${draft.id}): continue it.`);
    // One transaction: a submit that fails validation leaves no empty draft behind.
    const id = db.transaction(() => {
      const created = createEvaluation(db, c, scorecard, me);
      saveEvaluation(db, created, input);
      return created;
    })();
    sendRecord(res, evaluationRecord(db, evaluationRow(db, id)!, me.id), 201);
  });

  function evaluationOf(req: Request) {
    const row = evaluationRow(db, idParam(req.params.evaluation, NOT_FOUND));
    const account = row && (db.prepare('SELECT account_id FROM conversations WHERE id = ?').get(row.conversation_id) as { account_id: number }).account_id;
    if (!row || !inScope(accountScope(req, 'Reporting'), account ?? null)) throw notFound(NOT_FOUND);
    return row;
  }

  router.get('/reporting/evaluations/:evaluation', read, (req, res) => {
    sendRecord(res, evaluationRecord(db, evaluationOf(req), reviewer(req).id));
  });

  router.patch('/reporting/evaluations/:evaluation', requirePermission('Evaluations', 'edit'), (req, res) => {
    const row = evaluationOf(req);
    const me = reviewer(req);
    if (row.reviewer_id !== me.id) throw unauthorized();
    const input = validateBody(req, update);
    if (row.status === 'submitted') throw fieldError('status', 'A submitted evaluation cannot be changed: re-score the conversation instead.');
    db.transaction(() => saveEvaluation(db, row.id, input))();
    sendRecord(res, evaluationRecord(db, evaluationRow(db, row.id)!, me.id));
  });

  return router;
}
