import { Router, type Response } from 'express';
import type { AppContext } from '../../../context';
import { accountScope } from '../../../auth/accountScope';
import { requirePermission } from '../../../auth/permissions';
import type { Database } from '../../../db/connection';
import { turnTimingsOf } from '../../../review/timings';
import { histogramRank } from '../../../../src/format/percentile';
import { letterOfScore } from '../../../../src/format/evaluationScore';
import { seriesWindow } from '../../dateRange';
import { exportFilename, sendAttachment, toCsv, wantsCsvExport } from '../../csv';
import { fieldError } from '../../errors';
import { sendRecord } from '../../record';
import { dateRange, inlineScopeSql, nextDay, tableExists } from '../reporting/shared';
import { reviewedConversation } from './conversation';

function sendCsv(res: Response, name: string, records: readonly unknown[], columns: readonly string[]) {
  sendAttachment(res, exportFilename(name, 'csv'), 'text/csv; charset=utf-8', toCsv(records, columns));
}

function daysOf(window: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let day = window.from; day <= window.to; day = nextDay(day)) days.push(day);
  return days;
}

/** Names of rows of `table` by id (empty when the table does not exist). */
function namesOf(db: Database, table: string, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0 || !tableExists(db, table)) return new Map();
  const rows = db.prepare(`SELECT id, name FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')})`).all(...ids) as { id: number; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

const GROUPS = { role: { column: 'role_id', table: 'roles' }, instance: { column: 'instance_id', table: 'instances' }, bot: { column: 'bot_id', table: 'bots' } } as const;
type GroupBy = keyof typeof GROUPS;

/**
 * Per-turn timings of one conversation, and the review statistics (docs/review-contract.md):
 * response latency p50/p90 per bot and day (from the 10 ms histogram rollup), and the average
 * score of current evaluations per role, instance or bot and day. Same exports as the others.
 */
export function reviewStatisticsRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;
  const browse = requirePermission('Reporting', 'browse');

  router.get('/reporting/conversations/:id/timings', requirePermission('Reporting', 'read'), (req, res) => {
    const c = reviewedConversation(db, req);
    res.json({ data: turnTimingsOf(db, c.id) });
  });

  router.get('/reporting/latency', browse, (req, res) => {
    const scope = accountScope(req, 'Reporting');
    const window = seriesWindow(dateRange(req));
    const rows = db
      .prepare(
        `SELECT day, bot_id, bucket, SUM(turns) AS turns FROM turn_latency_rollups
         WHERE day >= ? AND day <= ? AND ${inlineScopeSql(scope, 'account_id')} AND turns > 0 GROUP BY day, bot_id, bucket`,
      )
      .all(window.from, window.to) as { day: string; bot_id: number; bucket: number; turns: number }[];
    const bots = new Map<number, { all: Map<number, number>; days: Map<string, Map<number, number>> }>();
    for (const row of rows) {
      let bot = bots.get(row.bot_id);
      if (!bot) bots.set(row.bot_id, (bot = { all: new Map(), days: new Map() }));
      bot.all.set(row.bucket, (bot.all.get(row.bucket) ?? 0) + row.turns);
      let day = bot.days.get(row.day);
      if (!day) bot.days.set(row.day, (day = new Map()));
      day.set(row.bucket, row.turns);
    }
    const names = namesOf(db, 'bots', [...bots.keys()].filter((id) => id !== 0));
    const count = (h: Map<number, number>) => [...h.values()].reduce((a, b) => a + b, 0);
    const result = [...bots.entries()]
      .map(([id, bot]) => ({
        id: id === 0 ? null : id,
        name: id === 0 ? null : (names.get(id) ?? null),
        turns: count(bot.all),
        p50_ms: histogramRank(bot.all, 50),
        p90_ms: histogramRank(bot.all, 90),
        points: daysOf(window).map((date) => {
          const h = bot.days.get(date) ?? new Map<number, number>();
          return { date, turns: count(h), p50_ms: histogramRank(h, 50), p90_ms: histogramRank(h, 90) };
        }),
      }))
      .sort((a, b) => b.turns - a.turns || (a.id ?? 0) - (b.id ?? 0));
    if (wantsCsvExport(req)) {
      const flat = result.flatMap((bot) => bot.points.map((p) => ({ bot_id: bot.id, bot_name: bot.name, ...p })));
      sendCsv(res, 'latency', flat, ['bot_id', 'bot_name', 'date', 'turns', 'p50_ms', 'p90_ms']);
      return;
    }
    sendRecord(res, { interval: 'day', from: window.from, to: window.to, bots: result });
  });

  router.get('/reporting/evaluation-scores', browse, (req, res) => {
    const by = typeof req.query.by === 'string' ? req.query.by : req.query.by === undefined ? 'role' : '';
    if (!Object.hasOwn(GROUPS, by)) throw fieldError('by', 'The selected by is invalid (role, instance or bot).');
    const group = GROUPS[by as GroupBy];
    const scope = accountScope(req, 'Reporting');
    const window = seriesWindow(dateRange(req));
    const rows = db
      .prepare(
        `SELECT day, COALESCE(${group.column}, 0) AS id, COUNT(*) AS evaluations, SUM(score) AS score_sum FROM conversation_evaluations
         WHERE current = 1 AND day >= ? AND day <= ? AND ${inlineScopeSql(scope, 'account_id')} GROUP BY day, 2`,
      )
      .all(window.from, window.to) as { day: string; id: number; evaluations: number; score_sum: number }[];
    const groups = new Map<number, Map<string, { evaluations: number; score_sum: number }>>();
    for (const row of rows) {
      let days = groups.get(row.id);
      if (!days) groups.set(row.id, (days = new Map()));
      days.set(row.day, row);
    }
    const names = namesOf(db, group.table, [...groups.keys()].filter((id) => id !== 0));
    const average = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 10) / 10 : null);
    const result = [...groups.entries()]
      .map(([id, days]) => {
        const evaluations = [...days.values()].reduce((n, d) => n + d.evaluations, 0);
        const sum = [...days.values()].reduce((n, d) => n + d.score_sum, 0);
        const averageScore = average(sum, evaluations);
        return {
          id: id === 0 ? null : id,
          name: id === 0 ? null : (names.get(id) ?? null),
          evaluations,
          average_score: averageScore,
          average_grade: letterOfScore(averageScore),
          points: daysOf(window).map((date) => {
            const d = days.get(date);
            return { date, evaluations: d?.evaluations ?? 0, average_score: d ? average(d.score_sum, d.evaluations) : null };
          }),
        };
      })
      .sort((a, b) => b.evaluations - a.evaluations || (a.id ?? 0) - (b.id ?? 0));
    if (wantsCsvExport(req)) {
      const flat = result.flatMap((g) => g.points.map((p) => ({ [`${by}_id`]: g.id, [`${by}_name`]: g.name, ...p })));
      sendCsv(res, `evaluation-scores-by-${by}`, flat, [`${by}_id`, `${by}_name`, 'date', 'evaluations', 'average_score']);
      return;
    }
    sendRecord(res, { by, interval: 'day', from: window.from, to: window.to, groups: result });
  });

  return router;
}
