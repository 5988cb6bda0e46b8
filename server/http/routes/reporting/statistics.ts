import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../../context';
import { accountScope, scopeCondition, type AccountScope } from '../../../auth/accountScope';
import { requirePermission } from '../../../auth/permissions';
import type { Database } from '../../../db/connection';
import { seriesWindow } from '../../dateRange';
import { notFound } from '../../errors';
import { exportFilename, sendAttachment, sendCsvExport, toCsv, wantsCsvExport } from '../../csv';
import { likeAny, paginate, type ListSpec } from '../../list';
import { idParam, sendRecord } from '../../record';
import { conversationSource } from './conversationList';
import { figures, linkOf, ROLLUP_SUMS, rollupFrom, rollupWhere } from './rollups';
import { dateRange, inlineRangeSql, inlineScopeSql, letterOf, nextDay, tableExists, totalsOf, type AggregateRow, type DateRange } from './shared';

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
function entityListSpec(db: Database, entity: Entity, scope: AccountScope, range: DateRange): ListSpec<AggregateRow & { id: number; name: string; account_id: number | null }> {
  // Conversations counted are the caller's, in the range (summed rollups); the rows listed are those they may see.
  const from = `(SELECT e.id, e.name, e.account_id, ${figures('s')}
      FROM ${entity.table} e
      LEFT JOIN (SELECT r.${entity.column} AS id, ${ROLLUP_SUMS} FROM ${rollupFrom(scope, range)}
                 GROUP BY r.${entity.column}) s ON s.id = e.id
      WHERE ${entityVisible(entity, scope, 'e')}) AS t`;
  return {
    from,
    select: 't.*',
    sortable: { name: 't.name', conversations: 't.conversations', minutes: 't.minutes', cost: 't.cost', grade_score: 't.grade_score' },
    defaultSort: '-conversations',
    tiebreaker: 't.id',
    searchable: ['t.name'],
    // The total is the number of visible rows: counted without summing any rollup.
    total: (query) => {
      const search = query.search ? likeAny(['e.name'], query.search) : { sql: '1 = 1', params: [] };
      const sql = `SELECT COUNT(*) AS n FROM ${entity.table} e WHERE ${entityVisible(entity, scope, 'e')} AND ${search.sql}`;
      return (db.prepare(sql).get(...search.params) as { n: number }).n;
    },
    map: statisticsRow,
  };
}

/** The caller's rollup rows in the range, optionally of one role or instance. */
interface Slice {
  scope: AccountScope;
  range: DateRange;
  entity?: { column: Entity['column']; id: number };
}

/** The slice's rows of the daily rollup (`day` kept: time series). */
function sliceWhere(slice: Slice): { sql: string; params: unknown[] } {
  const base = rollupWhere(slice.scope, slice.range);
  return slice.entity ? { sql: `${base} AND r.${slice.entity.column} = ?`, params: [slice.entity.id] } : { sql: base, params: [] };
}

/** The slice's rows of the monthly + daily rollups (no `day`: totals, dispositions, channels). */
function sliceSource(slice: Slice): { from: string; where: string; params: unknown[] } {
  const from = rollupFrom(slice.scope, slice.range);
  return slice.entity ? { from, where: `r.${slice.entity.column} = ?`, params: [slice.entity.id] } : { from, where: '1 = 1', params: [] };
}

function aggregate(db: Database, slice: Slice): AggregateRow & { active: number } {
  const source = sliceSource(slice);
  return db
    .prepare(`SELECT ${figures('s')}, COALESCE(s.active, 0) AS active FROM (SELECT ${ROLLUP_SUMS} FROM ${source.from} WHERE ${source.where}) s`)
    .get(...source.params) as AggregateRow & { active: number };
}

/** Default time-series window: the 30 days ending today (UTC); at most MAX_SERIES_DAYS. */
const seriesRange = (range: DateRange) => seriesWindow(range);

/** Conversations per UTC day, every day of the window present (zero days included). */
function timeseries(db: Database, slice: Slice, window: { from: string; to: string }) {
  const where = sliceWhere({ ...slice, range: window });
  const rows = db
    .prepare(
      `SELECT s.day AS date, ${figures('s')} FROM (SELECT r.day, ${ROLLUP_SUMS} FROM conversation_rollups r WHERE ${where.sql} GROUP BY r.day) s`,
    )
    .all(...where.params) as (AggregateRow & { date: string })[];
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const points = [];
  for (let day = window.from; day <= window.to; day = nextDay(day)) {
    const row = byDay.get(day);
    points.push({ date: day, conversations: row?.conversations ?? 0, minutes: row?.minutes ?? 0, cost: row?.cost ?? 0, grade_score: row?.grade_score ?? null });
  }
  return points;
}

function dispositionsOf(db: Database, slice: Slice) {
  const source = sliceSource(slice);
  const known = tableExists(db, 'dispositions');
  const label = known ? 'd.label' : 'NULL';
  // Whose disposition it is: each account has its own "No answer" (the portal names the account where labels repeat).
  const account = known ? 'd.account_id' : 'NULL';
  const join = known ? 'LEFT JOIN dispositions d ON d.id = r.disposition_id' : '';
  return db
    .prepare(
      `SELECT ${linkOf('r.disposition_id')} AS id, ${label} AS label, ${account} AS account_id, SUM(r.conversations) AS conversations FROM ${source.from} ${join}
       WHERE ${source.where} GROUP BY r.disposition_id ORDER BY conversations DESC, r.disposition_id`,
    )
    .all(...source.params) as { id: number | null; label: string | null; account_id: number | null; conversations: number }[];
}

function breakdown(db: Database, slice: Slice) {
  const totals = totalsOf(aggregate(db, slice));
  const source = sliceSource(slice);
  const channels = db
    .prepare(`SELECT r.channel AS channel, SUM(r.conversations) AS conversations FROM ${source.from} WHERE ${source.where} GROUP BY r.channel ORDER BY r.channel`)
    .all(...source.params) as { channel: string; conversations: number }[];
  const series = timeseries(db, slice, seriesRange(slice.range));
  return { totals, dispositions: dispositionsOf(db, slice), channels, timeseries: series };
}

function sendCsv(res: Response, name: string, records: readonly unknown[], columns: readonly string[]) {
  sendAttachment(res, exportFilename(name, 'csv'), 'text/csv; charset=utf-8', toCsv(records, columns));
}

/** Whose conversations and which days a statistics request covers. */
function sliceOf(req: Request): Slice {
  return { scope: accountScope(req, 'Reporting'), range: dateRange(req) };
}

/** /api/v1/reporting/{roles,instances,global}: statistics over the caller's conversations. */
export function statisticsRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;
  const browse = requirePermission('Reporting', 'browse');

  for (const entity of [ROLES, INSTANCES]) {
    router.get(`/reporting/${entity.table}`, browse, (req, res) => {
      const { scope, range } = sliceOf(req);
      if (!tableExists(db, entity.table)) {
        // The resource area has not shipped this table: an honest empty list.
        const spec: ListSpec = { from: 'conversations c', select: 'c.id', sortable: { id: 'c.id' }, defaultSort: 'id', where: [{ sql: '1 = 0', params: [] }] };
        res.json(paginate(req, db, spec));
        return;
      }
      const spec = entityListSpec(db, entity, scope, range);
      if (wantsCsvExport(req)) {
        sendCsvExport(req, res, db, { name: `${entity.table}-statistics`, spec, scope, fallbackColumns: STAT_COLUMNS });
        return;
      }
      res.json(paginate(req, db, spec, scope));
    });

    router.get(`/reporting/${entity.table}/:${entity.column}`, browse, (req, res) => {
      const id = idParam(req.params[entity.column], entity.notFound);
      const slice = sliceOf(req);
      const { scope } = slice;
      if (!tableExists(db, entity.table)) throw notFound(entity.notFound);
      const row = db.prepare(`SELECT e.id, e.name, e.account_id FROM ${entity.table} e WHERE e.id = ? AND ${entityVisible(entity, scope, 'e')}`).get(id) as
        | { id: number; name: string; account_id: number | null }
        | undefined;
      if (!row) throw notFound(entity.notFound);
      const result = breakdown(db, { ...slice, entity: { column: entity.column, id } });
      if (wantsCsvExport(req)) {
        sendCsv(res, `${entity.table === 'roles' ? 'role' : 'instance'}-${id}-breakdown`, result.timeseries, ['date', 'conversations', 'minutes', 'cost', 'grade_score']);
        return;
      }
      sendRecord(res, { [entity.table === 'roles' ? 'role' : 'instance']: row, ...result });
    });
  }

  router.get('/reporting/global', browse, (req, res) => {
    const slice = sliceOf(req);
    const row = aggregate(db, slice);
    const totals: Record<string, unknown> = { ...totalsOf(row), active: row.active };
    // Bots and instances arrive with the resource tables; count them once they exist.
    const s = scopeCondition(slice.scope, 'account_id');
    for (const table of ['bots', 'instances']) {
      if (tableExists(db, table)) totals[table] = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${s.sql}`).get(...s.params) as { n: number }).n;
    }
    totals.dispositions = dispositionsOf(db, slice);
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
    const { scope, range } = sliceOf(req);
    const s = scopeCondition(scope, 'c.account_id');
    const source = conversationSource(db);
    // conversations_status_started: the newest active ones without reading the others.
    const rows = db
      .prepare(`SELECT ${source.select} FROM ${source.from} WHERE ${s.sql} AND ${inlineRangeSql(range, 'c.started_at')} AND c.status = 'active' ORDER BY c.started_at DESC LIMIT 100`)
      .all(...s.params);
    if (wantsCsvExport(req)) {
      sendCsv(res, 'active-conversations', rows, ['uuid', 'channel', 'started_at']);
      return;
    }
    sendRecord(res, { count: rows.length, conversations: rows });
  });

  router.get('/reporting/global/timeseries', browse, (req, res) => {
    const { range, scope } = sliceOf(req);
    const window = seriesRange(range);
    const points = timeseries(db, { scope, range }, window);
    if (wantsCsvExport(req)) {
      sendCsv(res, 'global-timeseries', points, ['date', 'conversations', 'minutes', 'cost', 'grade_score']);
      return;
    }
    sendRecord(res, { interval: 'day', from: window.from, to: window.to, points });
  });

  /** Every visible role with its share of the caller's conversations. */
  function globalRoles(req: Request) {
    const { scope, range } = sliceOf(req);
    const rows = db
      .prepare(
        `SELECT e.id, e.name, e.account_id, ${figures('s')} FROM roles e
         LEFT JOIN (SELECT r.role_id AS id, ${ROLLUP_SUMS} FROM ${rollupFrom(scope, range)} GROUP BY r.role_id) s ON s.id = e.id
         WHERE ${entityVisible(ROLES, scope, 'e')} ORDER BY conversations DESC, e.id`,
      )
      .all() as (AggregateRow & { id: number; name: string; account_id: number | null })[];
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
      // account_id: several accounts have their own "Support" role (the portal names the account where names repeat).
      .map((r, index) => ({ rank: index + 1, role_id: r.id, name: r.name, account_id: r.account_id, conversations: r.conversations, grade_score: r.grade_score, average_grade: letterOf(r.grade_score) }));
    if (wantsCsvExport(req)) {
      sendCsv(res, 'role-rankings', ranked, ['rank', 'role_id', 'name', 'conversations', 'grade_score', 'average_grade']);
      return;
    }
    res.json({ data: ranked });
  });

  return router;
}

