import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../../context';
import { accountScope, scopeCondition, type AccountScope } from '../../../auth/accountScope';
import { requirePermission } from '../../../auth/permissions';
import type { Database } from '../../../db/connection';
import { seriesWindow } from '../../dateRange';
import { notFound } from '../../errors';
import { exportFilename, sendAttachment, sendCsvExport, toCsv, wantsCsvExport } from '../../csv';
import { paginate, type ListSpec } from '../../list';
import { idParam, sendRecord } from '../../record';
import { conversationSource } from './conversationList';
import {
  AGGREGATES,
  dateRange,
  inlineRangeSql,
  inlineScopeSql,
  letterOf,
  nextDay,
  tableExists,
  totalsOf,
  type AggregateRow,
  type DateRange,
} from './shared';

/** The entities statistics group by: roles (core table) and instances (resource table). */
interface Entity {
  table: 'roles' | 'instances';
  column: 'role_id' | 'instance_id';
  /** Roles may be shared by every account (account_id NULL); instances always belong to one. */
  shared: boolean;
  notFound: string;
}

const ROLES: Entity = { table: 'roles', column: 'role_id', shared: true, notFound: 'Role not found.' };
const INSTANCES: Entity = { table: 'instances', column: 'instance_id', shared: false, notFound: 'Instance not found.' };

const STAT_COLUMNS = [
  'id', 'name', 'account_id', 'conversations', 'minutes', 'cost', 'average_duration_seconds', 'grade_score', 'average_grade', 'grades',
] as const;

function statisticsRow(row: AggregateRow & { id: number; name: string; account_id: number | null }) {
  return { id: row.id, name: row.name, account_id: row.account_id, ...totalsOf(row) };
}

/** Rows of `entity` the caller may see: in scope, or shared. */
function entityVisible(entity: Entity, scope: AccountScope, alias: string): string {
  const own = inlineScopeSql(scope, `${alias}.account_id`);
  return entity.shared ? `(${alias}.account_id IS NULL OR ${own})` : own;
}

/** One statistics row per role or instance (list envelope, searchable and sortable). */
function entityListSpec(entity: Entity, scope: AccountScope, range: DateRange): ListSpec<AggregateRow & { id: number; name: string; account_id: number | null }> {
  // Conversations counted are the caller's, in the range; the roles listed are those they may see.
  const from = `(SELECT e.id, e.name, e.account_id, ${AGGREGATES}
      FROM ${entity.table} e
      LEFT JOIN conversations c ON c.${entity.column} = e.id AND ${inlineScopeSql(scope, 'c.account_id')} AND ${inlineRangeSql(range, 'c.started_at')}
      WHERE ${entityVisible(entity, scope, 'e')}
      GROUP BY e.id) AS t`;
  return {
    from,
    select: 't.*',
    sortable: { name: 't.name', conversations: 't.conversations', minutes: 't.minutes', cost: 't.cost', grade_score: 't.grade_score' },
    defaultSort: '-conversations',
    tiebreaker: 't.id',
    searchable: ['t.name'],
    map: statisticsRow,
  };
}

function aggregate(db: Database, where: string, params: unknown[]): AggregateRow {
  return db.prepare(`SELECT ${AGGREGATES} FROM conversations c WHERE ${where}`).get(...params) as AggregateRow;
}

/** Default time-series window: the 30 days ending today (UTC); at most MAX_SERIES_DAYS. */
const seriesRange = (range: DateRange) => seriesWindow(range);

/** Conversations per UTC day, every day of the window present (zero days included). */
function timeseries(db: Database, where: string, params: unknown[], range: { from: string; to: string }) {
  const rows = db
    .prepare(
      `SELECT substr(c.started_at, 1, 10) AS date, ${AGGREGATES} FROM conversations c
       WHERE ${where} AND c.started_at >= ? AND c.started_at < ? GROUP BY date`,
    )
    .all(...params, range.from, nextDay(range.to)) as (AggregateRow & { date: string })[];
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const points = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) {
    const row = byDay.get(day);
    points.push({ date: day, conversations: row?.conversations ?? 0, minutes: row?.minutes ?? 0, cost: row?.cost ?? 0, grade_score: row?.grade_score ?? null });
  }
  return points;
}

function breakdown(db: Database, where: string, params: unknown[], range: DateRange) {
  const totals = totalsOf(aggregate(db, where, params));
  const dispositions = tableExists(db, 'dispositions')
    ? (db
        .prepare(
          `SELECT c.disposition_id AS id, d.label AS label, COUNT(*) AS conversations FROM conversations c
           LEFT JOIN dispositions d ON d.id = c.disposition_id WHERE ${where} GROUP BY c.disposition_id ORDER BY conversations DESC, c.disposition_id`,
        )
        .all(...params) as { id: number | null; label: string | null; conversations: number }[])
    : [{ id: null, label: null, conversations: totals.conversations }].filter((d) => d.conversations > 0);
  const channels = db
    .prepare(`SELECT c.channel AS channel, COUNT(*) AS conversations FROM conversations c WHERE ${where} GROUP BY c.channel ORDER BY c.channel`)
    .all(...params) as { channel: string; conversations: number }[];
  const series = timeseries(db, where, params, seriesRange(range));
  return { totals, dispositions, channels, timeseries: series };
}

function sendCsv(res: Response, name: string, records: readonly unknown[], columns: readonly string[]) {
  sendAttachment(res, exportFilename(name, 'csv'), 'text/csv; charset=utf-8', toCsv(records, columns));
}

/** The caller's conversations in the range as one WHERE clause with parameters. */
function conversationWhere(req: Request): { where: string; params: unknown[]; range: DateRange; scope: AccountScope } {
  const scope = accountScope(req, 'Reporting');
  const range = dateRange(req);
  const s = scopeCondition(scope, 'c.account_id');
  return { where: `${s.sql} AND ${inlineRangeSql(range, 'c.started_at')}`, params: s.params, range, scope };
}

/** /api/v1/reporting/{roles,instances,global}: statistics over the caller's conversations. */
export function statisticsRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;
  const browse = requirePermission('Reporting', 'browse');

  for (const entity of [ROLES, INSTANCES]) {
    router.get(`/reporting/${entity.table}`, browse, (req, res) => {
      const { scope, range } = conversationWhere(req);
      if (!tableExists(db, entity.table)) {
        // The resource area has not shipped this table: an honest empty list.
        const spec: ListSpec = { from: 'conversations c', select: 'c.id', sortable: { id: 'c.id' }, defaultSort: 'id', where: [{ sql: '1 = 0', params: [] }] };
        res.json(paginate(req, db, spec));
        return;
      }
      const spec = entityListSpec(entity, scope, range);
      if (wantsCsvExport(req)) {
        sendCsvExport(req, res, db, { name: `${entity.table}-statistics`, spec, scope, fallbackColumns: STAT_COLUMNS });
        return;
      }
      res.json(paginate(req, db, spec, scope));
    });

    router.get(`/reporting/${entity.table}/:${entity.column}`, browse, (req, res) => {
      const id = idParam(req.params[entity.column], entity.notFound);
      const { where, params, range, scope } = conversationWhere(req);
      if (!tableExists(db, entity.table)) throw notFound(entity.notFound);
      const row = db.prepare(`SELECT e.id, e.name, e.account_id FROM ${entity.table} e WHERE e.id = ? AND ${entityVisible(entity, scope, 'e')}`).get(id) as
        | { id: number; name: string; account_id: number | null }
        | undefined;
      if (!row) throw notFound(entity.notFound);
      const result = breakdown(db, `${where} AND c.${entity.column} = ?`, [...params, id], range);
      if (wantsCsvExport(req)) {
        sendCsv(res, `${entity.table === 'roles' ? 'role' : 'instance'}-${id}-breakdown`, result.timeseries, ['date', 'conversations', 'minutes', 'cost', 'grade_score']);
        return;
      }
      sendRecord(res, { [entity.table === 'roles' ? 'role' : 'instance']: row, ...result });
    });
  }

  router.get('/reporting/global', browse, (req, res) => {
    const { where, params, scope } = conversationWhere(req);
    const row = aggregate(db, where, params);
    const totals: Record<string, unknown> = {
      ...totalsOf(row),
      active: (db.prepare(`SELECT COUNT(*) AS n FROM conversations c WHERE ${where} AND c.status = 'active'`).get(...params) as { n: number }).n,
    };
    // Bots and instances arrive with the resource tables; count them once they exist.
    const s = scopeCondition(scope, 'account_id');
    for (const table of ['bots', 'instances']) {
      if (tableExists(db, table)) totals[table] = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${s.sql}`).get(...s.params) as { n: number }).n;
    }
    totals.dispositions = breakdown(db, where, params, { from: null, to: null }).dispositions;
    if (wantsCsvExport(req)) {
      // One flat row: grades become grade_A … columns, the disposition list stays in its own endpoint.
      const flat = Object.fromEntries(Object.entries(totals).filter(([key]) => key !== 'grades' && key !== 'dispositions'));
      const grades = Object.entries(totals.grades as Record<string, number>).map(([g, n]) => [`grade_${g}`, n]);
      sendCsv(res, 'global-statistics', [{ ...flat, ...Object.fromEntries(grades) }], []);
      return;
    }
    sendRecord(res, totals);
  });

  router.get('/reporting/global/active', browse, (req, res) => {
    const { where, params } = conversationWhere(req);
    const source = conversationSource(db);
    const rows = db.prepare(`SELECT ${source.select} FROM ${source.from} WHERE ${where} AND c.status = 'active' ORDER BY c.started_at DESC LIMIT 100`).all(...params);
    if (wantsCsvExport(req)) {
      sendCsv(res, 'active-conversations', rows, ['uuid', 'channel', 'started_at']);
      return;
    }
    sendRecord(res, { count: rows.length, conversations: rows });
  });

  router.get('/reporting/global/timeseries', browse, (req, res) => {
    const { params, range, scope } = conversationWhere(req);
    const window = seriesRange(range);
    const points = timeseries(db, scopeCondition(scope, 'c.account_id').sql, params, window);
    if (wantsCsvExport(req)) {
      sendCsv(res, 'global-timeseries', points, ['date', 'conversations', 'minutes', 'cost', 'grade_score']);
      return;
    }
    sendRecord(res, { interval: 'day', from: window.from, to: window.to, points });
  });

  /** Every visible role with its share of the caller's conversations. */
  function globalRoles(req: Request) {
    const { where, params, scope } = conversationWhere(req);
    const rows = db
      .prepare(
        `SELECT e.id, e.name, e.account_id, ${AGGREGATES} FROM roles e
         LEFT JOIN conversations c ON c.role_id = e.id AND ${where}
         WHERE ${entityVisible(ROLES, scope, 'e')} GROUP BY e.id ORDER BY conversations DESC, e.id`,
      )
      .all(...params) as (AggregateRow & { id: number; name: string; account_id: number | null })[];
    const total = rows.reduce((sum, r) => sum + r.conversations, 0);
    return rows.map((r) => ({ ...statisticsRow(r), share: total ? Math.round((r.conversations / total) * 10000) / 10000 : 0 }));
  }

  router.get('/reporting/global/roles', browse, (req, res) => {
    const roles = globalRoles(req);
    if (wantsCsvExport(req)) {
      const rows = roles.map((r) => ({ id: r.id, name: r.name, account_id: r.account_id, conversations: r.conversations, minutes: r.minutes, cost: r.cost, grade_score: r.grade_score, average_grade: r.average_grade, share: r.share }));
      sendCsv(res, 'global-roles', rows, ['id', 'name']);
      return;
    }
    res.json({ data: roles });
  });

  router.get('/reporting/global/roles/rankings', browse, (req, res) => {
    // Ranked by average grade, then by volume; a role without graded conversations has no rank.
    const ranked = globalRoles(req)
      .filter((r) => r.grade_score !== null)
      .sort((a, b) => (b.grade_score ?? 0) - (a.grade_score ?? 0) || b.conversations - a.conversations || a.id - b.id)
      .map((r, index) => ({ rank: index + 1, role_id: r.id, name: r.name, conversations: r.conversations, grade_score: r.grade_score, average_grade: letterOf(r.grade_score) }));
    if (wantsCsvExport(req)) {
      sendCsv(res, 'role-rankings', ranked, ['rank', 'role_id', 'name', 'conversations', 'grade_score', 'average_grade']);
      return;
    }
    res.json({ data: ranked });
  });

  return router;
}

