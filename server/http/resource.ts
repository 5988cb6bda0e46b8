import type { Request } from 'express';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Database } from '../db/connection';
import { accountScope, inScope, type AccountScope } from '../auth/accountScope';
import type { ModelName, PermissionAction } from '../auth/models';
import type { ListSpec, SqlCondition } from './list';

/** A read-only id list attached to each record (`agents.tools`, `roles.dispositions`, …). */
export interface IdList {
  /** Link table. */
  table: string;
  /** Its column pointing at this resource. */
  ownKey: string;
  /** Its column pointing at the listed records. */
  otherKey: string;
  /** ORDER BY inside the link table (default: otherKey). */
  order?: string;
}

/** What hooks get besides the data: who asks, and for which account the record is. */
export interface WriteContext {
  ctx: AppContext;
  req: Request;
  /** The account the record belongs to (null only for accounts themselves). */
  accountId: number | null;
  /** The stored row on update and delete. */
  existing?: Row;
}

export type Row = Record<string, unknown> & { id: number };
export type ApiRecord = Record<string, unknown> & { id: number };

export interface ResourceHooks {
  /**
   * Turns validated input into column values (renames, hashing) and checks rules that need the
   * database (unique email). Throw HttpError/ValidationError to refuse.
   */
  prepare?(input: Record<string, unknown>, w: WriteContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Refuses a delete (e.g. the last administrator) by throwing. */
  beforeDelete?(row: Row, w: WriteContext): void;
  /** Final shape of a record (renames such as is_admin → isAdmin). */
  present?(record: ApiRecord): ApiRecord;
}

/**
 * One standard resource as configuration: the CRUD factory (crud.ts), the relation routes
 * (relations.ts) and the CSV export all read this. Every SQL fragment is ours; request values
 * only ever choose among configured names or travel as bound parameters.
 */
export interface ResourceConfig {
  /** URL segment under /api/v1, e.g. `agent-instructions`. */
  path: string;
  table: string;
  /** Permission model (SPEC §3). */
  model: ModelName;
  /** Readable columns besides id, account_id and the timestamps, in response order. */
  fields: readonly string[];
  /** Columns holding JSON text, parsed on the way out and serialised on the way in. */
  json?: readonly string[];
  idLists?: Readonly<Record<string, IdList>>;
  /** Extra `name → SQL expression` yielding JSON text (e.g. a user's roles). */
  jsonSelects?: Readonly<Record<string, string>>;
  /** Foreign-key columns → table: the referenced row must belong to the same account. */
  references?: Readonly<Record<string, string>>;
  /** Body schemas of POST and PATCH (absent for read-only lists such as clients). */
  create?: z.ZodType<Record<string, unknown>>;
  update?: z.ZodType<Record<string, unknown>>;
  list: {
    defaultSort: string;
    /** Extra sort names (id, created_at, updated_at are always sortable). */
    sortable?: Record<string, string>;
    filterable?: ListSpec['filterable'];
    searchable: string[];
  };
  /** `account` (default): an account_id column; `self`: the row is an account. */
  owner?: 'account' | 'self';
  /** Workflows: read and edit answer the record itself, without `{data}` (SPEC §7). */
  bare?: boolean;
  /** Minimum permission level per action (accounts: add and delete need level 9). */
  minLevel?: Partial<Record<PermissionAction, number>>;
  hooks?: ResourceHooks;
}

/** Identifiers are ours, but quoting keeps keywords such as `trigger` usable as column names. */
export const q = (name: string) => `"${name}"`;

export function scopeColumnOf(config: ResourceConfig): string {
  return `${config.table}.${q(config.owner === 'self' ? 'id' : 'account_id')}`;
}

export function selectOf(config: ResourceConfig): string {
  const t = config.table;
  const plain = ['id', ...(config.owner === 'self' ? [] : ['account_id']), ...config.fields, 'created_at', 'updated_at'];
  const parts = plain.map((c) => `${t}.${q(c)}`);
  for (const [name, list] of Object.entries(config.idLists ?? {})) {
    parts.push(
      `(SELECT json_group_array(${q(list.otherKey)}) FROM (SELECT ${q(list.otherKey)} FROM ${list.table} ` +
        `WHERE ${q(list.ownKey)} = ${t}.id ORDER BY ${list.order ?? q(list.otherKey)})) AS ${q(name)}`,
    );
  }
  for (const [name, expression] of Object.entries(config.jsonSelects ?? {})) parts.push(`(${expression}) AS ${q(name)}`);
  return parts.join(', ');
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A row as the API shows it: JSON parsed, id lists attached, timestamps last. */
export function toRecord(config: ResourceConfig, row: Row): ApiRecord {
  const record: ApiRecord = { id: row.id };
  if (config.owner !== 'self') record.account_id = row.account_id;
  for (const field of config.fields) record[field] = config.json?.includes(field) ? parseJson(row[field]) : row[field];
  for (const name of [...Object.keys(config.idLists ?? {}), ...Object.keys(config.jsonSelects ?? {})]) {
    record[name] = parseJson(row[name]) ?? [];
  }
  record.created_at = row.created_at;
  record.updated_at = row.updated_at;
  return config.hooks?.present ? config.hooks.present(record) : record;
}

/** The resource's ListSpec, optionally narrowed by fixed conditions (relation lists). */
export function listSpecOf(config: ResourceConfig, where: SqlCondition[] = []): ListSpec<Row> {
  const t = config.table;
  return {
    from: t,
    select: selectOf(config),
    sortable: { id: `${t}.id`, created_at: `${t}.created_at`, updated_at: `${t}.updated_at`, ...config.list.sortable },
    defaultSort: config.list.defaultSort,
    tiebreaker: `${t}.id`,
    filterable: { id: `${t}.id`, ...config.list.filterable },
    searchable: config.list.searchable,
    scopeColumn: scopeColumnOf(config),
    where,
    map: (row) => toRecord(config, row),
  };
}

export function findRow(db: Database, config: ResourceConfig, id: number): Row | undefined {
  return db.prepare(`SELECT ${selectOf(config)} FROM ${config.table} WHERE ${config.table}.id = ?`).get(id) as Row | undefined;
}

export function rowAccountId(config: ResourceConfig, row: Row): number | null {
  return (config.owner === 'self' ? row.id : row.account_id) as number | null;
}

/** The row if it exists inside `scope`; outside reads as absent (a 403 would confirm it exists). */
export function findInScope(db: Database, config: ResourceConfig, id: number, scope: AccountScope): Row | undefined {
  const row = findRow(db, config, id);
  return row && inScope(scope, rowAccountId(config, row)) ? row : undefined;
}

export function scopeOf(req: Request, config: ResourceConfig): AccountScope {
  return accountScope(req, config.model);
}

/** better-sqlite3 binds numbers, strings and null: booleans become 0/1, JSON columns text. */
export function toColumnValue(config: ResourceConfig, column: string, value: unknown): unknown {
  if (config.json?.includes(column)) return JSON.stringify(value ?? null);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value === undefined ? null : value;
}
