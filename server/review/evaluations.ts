import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import { ValidationError } from '../http/errors';
import { answerFits, failsItem, scoreEvaluation, type AnswerValue } from '../../src/format/evaluationScore';
import { ensureVersion, itemsOf, type ScorecardItem } from './scorecardItems';

/** What an evaluation is about: the conversation's row, as review routes read it. */
export interface ReviewedConversation {
  id: number;
  uuid: string;
  account_id: number;
  role_id: number | null;
  instance_id: number | null;
  bot_id: number | null;
  started_at: string;
  duration_seconds: number;
}

export interface AnswerInput {
  value?: AnswerValue | null;
  comment?: string | null;
}

export interface EvaluationInput {
  answers?: Record<string, AnswerInput>;
  comment?: string | null;
  status?: 'draft' | 'submitted';
}

interface EvaluationRow {
  id: number;
  conversation_id: number;
  conversation_uuid: string;
  scorecard_id: number;
  scorecard_name: string | null;
  scorecard_version: number;
  revision: number;
  status: 'draft' | 'submitted';
  reviewer_id: number | null;
  reviewer_name: string;
  comment: string | null;
  score: number | null;
  letter_grade: string | null;
  critical_failed: number;
  current: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
}

const SELECT = `
  SELECT e.id, e.conversation_id, c.uuid AS conversation_uuid, e.scorecard_id, s.name AS scorecard_name, e.scorecard_version,
         e.revision, e.status, e.reviewer_id, e.reviewer_name, e.comment, e.score, e.letter_grade, e.critical_failed, e.current,
         e.created_at, e.updated_at, e.submitted_at
  FROM conversation_evaluations e JOIN conversations c ON c.id = e.conversation_id LEFT JOIN scorecards s ON s.id = e.scorecard_id`;

/** The API's Evaluation: the items of the version it answered travel with it, so old ones stay readable. */
export function evaluationRecord(db: Database, row: EvaluationRow, viewerId: number) {
  const answers = db.prepare('SELECT item_id, value, comment FROM evaluation_answers WHERE evaluation_id = ? ORDER BY item_id').all(row.id);
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    conversation_uuid: row.conversation_uuid,
    scorecard_id: row.scorecard_id,
    scorecard_name: row.scorecard_name,
    scorecard_version: row.scorecard_version,
    revision: row.revision,
    status: row.status,
    reviewer: { id: row.reviewer_id, name: row.reviewer_name },
    // The server's word on whether the caller may still change it: their own draft.
    editable: row.status === 'draft' && row.reviewer_id === viewerId,
    comment: row.comment,
    score: row.score,
    letter_grade: row.letter_grade,
    critical_failed: row.critical_failed === 1,
    current: row.current === 1,
    answers,
    items: itemsOf(db, row.scorecard_id, row.scorecard_version),
    created_at: row.created_at,
    updated_at: row.updated_at,
    submitted_at: row.submitted_at,
  };
}

export function evaluationRow(db: Database, id: number): EvaluationRow | undefined {
  return db.prepare(`${SELECT} WHERE e.id = ?`).get(id) as EvaluationRow | undefined;
}

export function evaluationsOf(db: Database, conversationId: number): EvaluationRow[] {
  return db.prepare(`${SELECT} WHERE e.conversation_id = ? ORDER BY e.revision DESC, e.id DESC`).all(conversationId) as EvaluationRow[];
}

/** Scorecards assigned to the conversation's role or instance, of its account. */
export function applicableScorecards(db: Database, c: ReviewedConversation): { id: number; name: string; description: string | null; version: number }[] {
  return db
    .prepare(
      `SELECT s.id, s.name, s.description, s.version FROM scorecards s
       WHERE s.account_id = ? AND (s.id IN (SELECT scorecard_id FROM role_scorecards WHERE role_id = ?)
                                OR s.id IN (SELECT scorecard_id FROM instance_scorecards WHERE instance_id = ?))
       ORDER BY s.name COLLATE NOCASE, s.id`,
    )
    .all(c.account_id, c.role_id ?? -1, c.instance_id ?? -1) as { id: number; name: string; description: string | null; version: number }[];
}

/** Checks the answers sent against the items (and, to submit, completeness); 422 keyed `answers.<item id>.value|comment`. */
function checkAnswers(items: readonly ScorecardItem[], merged: Map<number, AnswerInput>, sent: Record<string, AnswerInput>, submit: boolean): void {
  const errors: Record<string, string[]> = {};
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const key of Object.keys(sent)) {
    const item = byId.get(Number(key));
    if (!item) errors[`answers.${key}`] = ['The selected question is not on this scorecard.'];
    else {
      const value = sent[key]?.value;
      if (value && !answerFits(item, value)) errors[`answers.${key}.value`] = [value === 'na' ? 'This question cannot be answered N/A.' : 'The selected answer is invalid.'];
    }
  }
  if (submit) {
    for (const item of items) {
      const answer = merged.get(item.id);
      if (!answer?.value) errors[`answers.${item.id}.value`] ??= ['Answer this question.'];
      else if (item.critical && failsItem(item.kind, answer.value) && !answer.comment?.trim()) {
        errors[`answers.${item.id}.comment`] = ['A comment is required when a critical question fails.'];
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Writes answers and comment into an evaluation and recomputes its score with THE rule
 * (src/format/evaluationScore.ts). Submitting makes it the conversation's current evaluation:
 * the conversation's score and letter grade follow it (rollup triggers update statistics).
 */
export function saveEvaluation(db: Database, evaluationId: number, input: EvaluationInput): void {
  const row = evaluationRow(db, evaluationId) as EvaluationRow;
  const items = itemsOf(db, row.scorecard_id, row.scorecard_version);
  const stored = db.prepare('SELECT item_id, value, comment FROM evaluation_answers WHERE evaluation_id = ?').all(evaluationId) as { item_id: number; value: AnswerValue | null; comment: string | null }[];
  const merged = new Map<number, AnswerInput>(stored.map((a) => [a.item_id, { value: a.value, comment: a.comment }]));
  const sent = input.answers ?? {};
  for (const [key, answer] of Object.entries(sent)) {
    const previous = merged.get(Number(key)) ?? {};
    merged.set(Number(key), { value: answer.value === undefined ? previous.value : answer.value, comment: answer.comment === undefined ? previous.comment : answer.comment });
  }
  const submit = input.status === 'submitted';
  checkAnswers(items, merged, sent, submit);
  const result = scoreEvaluation(items, (id) => merged.get(Number(id))?.value);
  if (submit && result.score === null) throw new ValidationError({ answers: ['At least one answer must count: not every question can be N/A.'] });
  const now = nowIso();
  const upsert = db.prepare(
    'INSERT INTO evaluation_answers (evaluation_id, item_id, value, comment) VALUES (?, ?, ?, ?) ON CONFLICT (evaluation_id, item_id) DO UPDATE SET value = excluded.value, comment = excluded.comment',
  );
  for (const item of items) {
    if (!(String(item.id) in sent)) continue;
    const answer = merged.get(item.id) ?? {};
    upsert.run(evaluationId, item.id, answer.value ?? null, answer.comment?.trim() || null);
  }
  db.prepare('UPDATE conversation_evaluations SET comment = COALESCE(?, comment), score = ?, letter_grade = ?, critical_failed = ?, updated_at = ? WHERE id = ?').run(
    input.comment === undefined ? null : input.comment?.trim() ?? '',
    result.score,
    result.letter_grade,
    +result.critical_failed,
    now,
    evaluationId,
  );
  if (submit) {
    db.prepare('UPDATE conversation_evaluations SET current = 0 WHERE conversation_id = ? AND current = 1').run(row.conversation_id);
    db.prepare("UPDATE conversation_evaluations SET status = 'submitted', submitted_at = ?, current = 1 WHERE id = ?").run(now, evaluationId);
    db.prepare('UPDATE conversations SET letter_grade = ?, evaluation_score = ? WHERE id = ?').run(result.letter_grade, result.score, row.conversation_id);
  }
}

/** A new evaluation (revision = the conversation's last + 1) as a draft; answers are saved by saveEvaluation. */
export function createEvaluation(db: Database, c: ReviewedConversation, scorecard: { id: number; version: number }, reviewer: { id: number; name: string }): number {
  ensureVersion(db, scorecard.id, scorecard.version);
  const { revision } = db.prepare('SELECT COALESCE(MAX(revision), 0) + 1 AS revision FROM conversation_evaluations WHERE conversation_id = ?').get(c.id) as { revision: number };
  const result = db
    .prepare(
      `INSERT INTO conversation_evaluations (conversation_id, scorecard_id, scorecard_version, revision, status, reviewer_id, reviewer_name,
         account_id, role_id, instance_id, bot_id, day) VALUES (?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(c.id, scorecard.id, scorecard.version, revision, reviewer.id, reviewer.name, c.account_id, c.role_id, c.instance_id, c.bot_id, c.started_at.slice(0, 10));
  return Number(result.lastInsertRowid);
}
