import type { Request } from 'express';
import { contextOf } from '../../../context';
import type { Database } from '../../../db/connection';
import type { AccountScope } from '../../../auth/accountScope';
import { filterValues, listConditions, type ListQuery, type ListSpec, type SqlCondition } from '../../list';
import { evaluationFilters, reviewerOf } from '../review/listFilters';
import { conversationSearchCondition, type SearchLink } from './conversationSearch';
import { rollupListTotal } from './rollups';
import { dateRange, gradeValues, idValues, inlineRangeSql, inlineScopeSql, rangeCondition, tableExists, type Grade } from './shared';


/** A related resource joined by id when its table exists (another area may not have shipped it yet). */
interface Join {
  table: string;
  alias: string;
  column: string;
  label: string;
  as: string;
}

const JOINS: readonly Join[] = [
  { table: 'roles', alias: 'r', column: 'role_id', label: 'name', as: 'role_name' },
  { table: 'instances', alias: 'i', column: 'instance_id', label: 'name', as: 'instance_name' },
  { table: 'bots', alias: 'b', column: 'bot_id', label: 'name', as: 'bot_name' },
  { table: 'contacts', alias: 'ct', column: 'contact_id', label: 'name', as: 'contact_name' },
  { table: 'dispositions', alias: 'd', column: 'disposition_id', label: 'label', as: 'disposition_label' },
];

/** FROM and SELECT of a conversation row with the names of what it links to. */
export function conversationSource(db: Database): { from: string; select: string; searchable: string[] } {
  const present = JOINS.filter((j) => tableExists(db, j.table));
  const from = [
    'conversations c JOIN accounts a ON a.id = c.account_id',
    ...present.map((j) => `LEFT JOIN ${j.table} ${j.alias} ON ${j.alias}.id = c.${j.column}`),
  ].join(' ');
  const names = JOINS.map((j) => (present.includes(j) ? `${j.alias}.${j.label} AS ${j.as}` : `NULL AS ${j.as}`));
  const select = [
    'c.id', 'c.uuid', 'c.account_id', 'a.name AS account_name', 'c.role_id', 'c.instance_id', 'c.bot_id', 'c.contact_id',
    'c.disposition_id', 'c.channel', 'c.direction', 'c.status', 'c.phone_number', 'c.started_at', 'c.ended_at',
    'c.duration_seconds', 'c.cost', 'c.letter_grade', 'c.evaluation_score', 'c.summary', ...names,
  ].join(', ');
  const searchable = ['c.uuid', 'c.phone_number', 'c.summary', ...present.filter((j) => j.as !== 'disposition_label').map((j) => `${j.alias}.${j.label}`)];
  return { from, select, searchable };
}

/** The linked names a search matches (dispositions are filtered, not searched). */
function searchLinks(db: Database): SearchLink[] {
  return JOINS.filter((j) => j.as !== 'disposition_label' && tableExists(db, j.table)).map((j) => ({ table: j.table, column: j.column, label: j.label }));
}

export interface ConversationRow {
  id: number;
  uuid: string;
  account_id: number;
  account_name: string;
  role_id: number | null;
  instance_id: number | null;
  bot_id: number | null;
  contact_id: number | null;
  disposition_id: number | null;
  channel: string;
  direction: string;
  status: string;
  phone_number: string | null;
  started_at: string;
  ended_at: string | null;
  duration_seconds: number;
  cost: number;
  letter_grade: string | null;
  evaluation_score: number | null;
  summary: string | null;
  role_name: string | null;
  instance_name: string | null;
  bot_name: string | null;
  contact_name: string | null;
  disposition_label: string | null;
}

function anyOf(column: string, values: readonly (string | number)[]): SqlCondition {
  return { sql: `${column} IN (${values.map(() => '?').join(', ')})`, params: [...values] };
}

/** Conditions the grade and disposition endpoints add to the list. */
export interface ConversationListExtra {
  grades?: readonly Grade[];
  dispositions?: readonly number[];
}

/**
 * The conversations list: `search`, `sort`, `filter[...]`, `from`/`to` (days, inclusive),
 * `grades[]` (letter grades) and `dispositions[]` (ids); `extra` adds the conditions of the
 * grade and disposition endpoints. Built for a million rows: keys and counts read
 * `conversations` alone through its indexes, totals come from the rollups (or a cached count),
 * and links.next/prev carry keyset cursors for the non-null sorts.
 */
export function conversationListSpec(req: Request, db: Database, scope: AccountScope, extra: ConversationListExtra = {}): ListSpec<ConversationRow> {
  const source = conversationSource(db);
  const range = dateRange(req);
  const where: SqlCondition[] = [rangeCondition(range, 'c.started_at')];
  const gradeSets: Grade[][] = [];
  const dispositionSets: number[][] = [];
  const grades = gradeValues(req, 'grades');
  if (grades.length) gradeSets.push(grades);
  if (extra.grades?.length) gradeSets.push([...extra.grades]);
  const dispositions = idValues(req, 'dispositions');
  if (dispositions.length) dispositionSets.push(dispositions);
  if (extra.dispositions?.length) dispositionSets.push([...extra.dispositions]);
  for (const set of gradeSets) where.push(anyOf('c.letter_grade', set));
  for (const set of dispositionSets) where.push(anyOf('c.disposition_id', set));
  const limits = contextOf(req).listLimits;
  const count = (sql: string, params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;
  const rollupTotal = (query: Pick<ListQuery, 'filters' | 'search'>) => rollupListTotal(count, { scope, range, grades: gradeSets, dispositions: dispositionSets }, query);
  const spec: ListSpec<ConversationRow> = {
    from: source.from,
    select: source.select,
    keyFrom: 'conversations c',
    sortable: {
      started_at: 'c.started_at',
      duration_seconds: 'c.duration_seconds',
      cost: 'c.cost',
      letter_grade: 'c.letter_grade',
      evaluation_score: 'c.evaluation_score',
      channel: 'c.channel',
      status: 'c.status',
    },
    // Every sortable column has an index (column, started_at) (reporting-003/005, review-001);
    // channel, status and letter_grade hold few values.
    sortIndex: {
      then: 'started_at',
      indexed: ['started_at', 'duration_seconds', 'cost', 'evaluation_score'],
      groups: ['channel', 'status', 'letter_grade'],
      indexes: {
        started_at: 'conversations_started',
        duration_seconds: 'conversations_duration_started',
        cost: 'conversations_cost_started',
        evaluation_score: 'conversations_evaluation_score',
        channel: 'conversations_channel_started',
        status: 'conversations_status_started',
        letter_grade: 'conversations_grade_started',
      },
      tableRows: () => (db.prepare('SELECT COALESCE(SUM(conversations), 0) AS n FROM conversation_rollups_monthly').get() as { n: number }).n,
      nullable: ['evaluation_score'],
      // A sort of 10,000 rows takes milliseconds; 10,000 index entries (each a table lookup for a
      // filtered or scoped list) tens of them.
      scanLimit: limits.sortScanRows,
      maxSkip: limits.pageSkipRows,
    },
    defaultSort: '-started_at',
    tiebreaker: 'c.id',
    filterable: {
      // A page's conversations by uuid at once (comma-separated): the portal names feedback's conversations.
      uuid: 'c.uuid',
      channel: 'c.channel',
      direction: 'c.direction',
      status: 'c.status',
      letter_grade: 'c.letter_grade',
      role_id: 'c.role_id',
      instance_id: 'c.instance_id',
      bot_id: 'c.bot_id',
      contact_id: 'c.contact_id',
      disposition_id: 'c.disposition_id',
      // Issue 29's review queue: evaluation state and score range.
      ...evaluationFilters(req),
    },
    searchable: source.searchable,
    search: (term) => conversationSearchCondition(db, term, searchLinks(db)),
    total: (query) => rollupTotal(query) ?? notEvaluatedTotal(query) ?? reviewerTotal(query),
    totalVersion: () => (db.prepare("SELECT version FROM reporting_versions WHERE name = 'conversations'").get() as { version: number }).version,
    scopeColumn: 'c.account_id',
    where,
  };
  /**
   * `filter[evaluation]=none` (the review queue, issue 29) is most of the table: counting it reads
   * ~900,000 index entries at a million rows. It is the rollups' total less the evaluated ones
   * (a tenth, read from the evaluation score's index) under the same other conditions.
   */
  function notEvaluatedTotal(query: ListQuery): number | undefined {
    if (query.filters.get('evaluation') !== 'none') return undefined;
    const others = new Map(query.filters);
    others.delete('evaluation');
    const all = rollupTotal({ ...query, filters: others });
    if (all === undefined) return undefined;
    const evaluated = listConditions(spec as ListSpec<never>, { ...query, filters: new Map([...others, ['evaluation', 'evaluated']]) }, scope);
    return all - count(`SELECT COUNT(*) AS n FROM conversations c ${evaluated.where}`, evaluated.params);
  }
  /**
   * `filter[evaluation]=mine`: looking up each conversation the reviewer submitted an evaluation
   * of costs ~0.5 s at 95,000 of them. They are counted from the reviewer's index of the
   * evaluations instead (review-003): it holds each evaluation's conversation and the copies of
   * its account, day, role, instance and bot that the scope, the days and those filters need.
   * Any other condition: counted from the conversations.
   */
  function reviewerTotal(query: ListQuery): number | undefined {
    if (query.filters.get('evaluation') !== 'mine' || query.search || gradeSets.length > 0 || dispositionSets.length > 0) return undefined;
    const conditions = [inlineScopeSql(scope, 'e.account_id'), inlineRangeSql(range, 'e.day')];
    const params: unknown[] = [reviewerOf(req)];
    for (const [name, value] of query.filters) {
      if (name === 'evaluation') continue;
      if (!COPIED_LINKS.has(name)) return undefined;
      const values = filterValues(value);
      if (values.length === 0) continue;
      conditions.push(`e.${name} IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    }
    return count(
      `SELECT COUNT(DISTINCT e.conversation_id) AS n FROM conversation_evaluations e
       WHERE e.reviewer_id = ? AND e.status = 'submitted' AND ${conditions.join(' AND ')}`,
      params,
    );
  }
  return spec;
}

/** Conversation links an evaluation carries a copy of (review-003 keeps them equal). */
const COPIED_LINKS = new Set(['role_id', 'instance_id', 'bot_id']);

export const CONVERSATION_COLUMNS = [
  'id', 'uuid', 'account_id', 'account_name', 'role_id', 'instance_id', 'bot_id', 'contact_id', 'disposition_id', 'channel',
  'direction', 'status', 'phone_number', 'started_at', 'ended_at', 'duration_seconds', 'cost', 'letter_grade', 'evaluation_score', 'summary',
  'role_name', 'instance_name', 'bot_name', 'contact_name', 'disposition_label',
] as const;

export { anyOf };
