import type { Request } from 'express';
import type { Database } from '../../../db/connection';
import type { ListSpec, SqlCondition } from '../../list';
import { dateRange, gradeValues, idValues, rangeCondition, tableExists } from './shared';

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
    'c.duration_seconds', 'c.cost', 'c.letter_grade', 'c.summary', ...names,
  ].join(', ');
  const searchable = ['c.uuid', 'c.phone_number', 'c.summary', ...present.filter((j) => j.as !== 'disposition_label').map((j) => `${j.alias}.${j.label}`)];
  return { from, select, searchable };
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

/**
 * The conversations list: `search`, `sort`, `filter[...]`, `from`/`to` (days, inclusive),
 * `grades[]` (letter grades) and `dispositions[]` (ids); `extra` adds the conditions of the
 * grade and disposition endpoints.
 */
export function conversationListSpec(req: Request, db: Database, extra: SqlCondition[] = []): ListSpec<ConversationRow> {
  const source = conversationSource(db);
  const where: SqlCondition[] = [rangeCondition(dateRange(req), 'c.started_at'), ...extra];
  const grades = gradeValues(req, 'grades');
  if (grades.length) where.push(anyOf('c.letter_grade', grades));
  const dispositions = idValues(req, 'dispositions');
  if (dispositions.length) where.push(anyOf('c.disposition_id', dispositions));
  return {
    from: source.from,
    select: source.select,
    sortable: {
      started_at: 'c.started_at',
      duration_seconds: 'c.duration_seconds',
      cost: 'c.cost',
      letter_grade: 'c.letter_grade',
      channel: 'c.channel',
      status: 'c.status',
    },
    defaultSort: '-started_at',
    tiebreaker: 'c.id',
    filterable: {
      channel: 'c.channel',
      direction: 'c.direction',
      status: 'c.status',
      letter_grade: 'c.letter_grade',
      role_id: 'c.role_id',
      instance_id: 'c.instance_id',
      bot_id: 'c.bot_id',
      contact_id: 'c.contact_id',
      disposition_id: 'c.disposition_id',
    },
    searchable: source.searchable,
    scopeColumn: 'c.account_id',
    where,
  };
}

export const CONVERSATION_COLUMNS = [
  'id', 'uuid', 'account_id', 'account_name', 'role_id', 'instance_id', 'bot_id', 'contact_id', 'disposition_id', 'channel',
  'direction', 'status', 'phone_number', 'started_at', 'ended_at', 'duration_seconds', 'cost', 'letter_grade', 'summary',
  'role_name', 'instance_name', 'bot_name', 'contact_name', 'disposition_label',
] as const;

export { anyOf };
