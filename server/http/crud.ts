import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context';
import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import type { PermissionAction } from '../auth/models';
import { requirePermission } from '../auth/permissions';
import { sendCsvExport, wantsCsvExport } from './csv';
import { fieldError } from './errors';
import type { RouterFactory } from './routerFactory';
import { paginate } from './list';
import { checkReferences, targetAccountId } from './ownership';
import { found, idParam, sendRecord } from './record';
import {
  findInScope, findRow, listSpecOf, q, rowAccountId, scopeOf, toColumnValue, toRecord,
  type ApiRecord, type ResourceConfig, type Row, type WriteContext,
} from './resource';
import { validateBody } from './validation';

export function guard(config: ResourceConfig, action: PermissionAction) {
  return requirePermission(config.model, action, config.minLevel?.[action] ?? 0);
}

/** The record `:param` names, inside the caller's scope for the resource's model, or 404. */
export function loadScoped(req: Request, db: Database, config: ResourceConfig, param = 'id'): Row {
  return found(findInScope(db, config, idParam(req.params[param]), scopeOf(req, config)));
}

/** Only the keys that were sent: a PATCH leaves every other column as it is. */
function definedEntries(values: Record<string, unknown>): [string, unknown][] {
  return Object.entries(values).filter(([, value]) => value !== undefined);
}

export function insertRow(db: Database, config: ResourceConfig, values: Record<string, unknown>): number {
  const entries = definedEntries(values);
  const columns = entries.map(([column]) => q(column)).join(', ');
  const placeholders = entries.map(() => '?').join(', ');
  const sql = `INSERT INTO ${config.table} (${columns}) VALUES (${placeholders})`;
  return Number(db.prepare(sql).run(...entries.map(([column, value]) => toColumnValue(config, column, value))).lastInsertRowid);
}

export function updateRow(db: Database, config: ResourceConfig, id: number, values: Record<string, unknown>): void {
  const entries = definedEntries(values);
  if (entries.length === 0) return;
  const set = [...entries.map(([column]) => `${q(column)} = ?`), 'updated_at = ?'].join(', ');
  db.prepare(`UPDATE ${config.table} SET ${set} WHERE id = ?`).run(
    ...entries.map(([column, value]) => toColumnValue(config, column, value)),
    nowIso(),
    id,
  );
}

export function recordById(db: Database, config: ResourceConfig, id: number): ApiRecord {
  return toRecord(config, found(findRow(db, config, id)));
}

async function prepared(config: ResourceConfig, input: Record<string, unknown>, w: WriteContext) {
  return config.hooks?.prepare ? await config.hooks.prepare(input, w) : input;
}

/** Validates, prepares and inserts a new record for the caller; returns it as the API shows it. */
/** The POST or PATCH schema; a resource without one is read only and has no such route. */
function schemaOf(config: ResourceConfig, kind: 'create' | 'update') {
  const schema = config[kind];
  if (!schema) throw new Error(`Resource ${config.path} has no ${kind} schema`);
  return schema;
}

export async function createRecord(ctx: AppContext, config: ResourceConfig, req: Request): Promise<ApiRecord> {
  const input = validateBody(req, schemaOf(config, 'create'));
  const accountId = config.owner === 'self' ? null : targetAccountId(req, ctx.db, config.model);
  const values = await prepared(config, input, { ctx, req, accountId });
  checkReferences(ctx.db, config.references, values, accountId);
  const id = insertRow(ctx.db, config, accountId === null ? values : { ...values, account_id: accountId });
  return recordById(ctx.db, config, id);
}

async function updateRecord(ctx: AppContext, config: ResourceConfig, req: Request): Promise<ApiRecord> {
  const existing = loadScoped(req, ctx.db, config);
  const input = validateBody(req, schemaOf(config, 'update'));
  const accountId = rowAccountId(config, existing);
  const values = await prepared(config, input, { ctx, req, accountId, existing });
  checkReferences(ctx.db, config.references, values, accountId);
  updateRow(ctx.db, config, existing.id, values);
  return recordById(ctx.db, config, existing.id);
}

function deleteRecord(ctx: AppContext, config: ResourceConfig, req: Request): void {
  const existing = loadScoped(req, ctx.db, config);
  try {
    // One transaction: what a hook clears beforehand comes back if the delete itself fails.
    ctx.db.transaction(() => {
      config.hooks?.beforeDelete?.(existing, { ctx, req, accountId: rowAccountId(config, existing), existing });
      ctx.db.prepare(`DELETE FROM ${config.table} WHERE id = ?`).run(existing.id);
    })();
  } catch (error) {
    // Rows elsewhere still point here without ON DELETE (an account's users): say so, not 500.
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      throw fieldError('id', 'This record is still in use and cannot be deleted.');
    }
    throw error;
  }
}

function sendOne(config: ResourceConfig, res: Response, record: ApiRecord): void {
  if (config.bare) res.json(record);
  else sendRecord(res, record);
}

/**
 * THE mechanism behind every standard resource: list (search, filters, sort, pagination,
 * `?export=csv`), read, create, edit and delete, each behind its permission and the caller's
 * account scope. A resource is a ResourceConfig; its own file adds only what is its own.
 *
 * Answers: list → DESIGN §4 envelope; read/edit → `{data}` (bare for workflows); create → 201
 * `{data}`; delete → `{message}`. Out of scope or unknown → 404.
 */
export function crudRouter(config: ResourceConfig): RouterFactory {
  schemaOf(config, 'create');
  schemaOf(config, 'update');
  return (ctx) => {
    const router = Router();
    const base = `/${config.path}`;

    router.get(base, guard(config, 'browse'), (req, res) => {
      const spec = listSpecOf(config);
      const scope = scopeOf(req, config);
      if (wantsCsvExport(req)) {
        const fallbackColumns = ['id', 'account_id', ...config.fields, 'created_at', 'updated_at'];
        sendCsvExport(req, res, ctx.db, { name: config.path, spec, scope, fallbackColumns });
        return;
      }
      res.json(paginate(req, ctx.db, spec, scope));
    });

    router.get(`${base}/:id`, guard(config, 'read'), (req, res) => {
      sendOne(config, res, toRecord(config, loadScoped(req, ctx.db, config)));
    });

    router.post(base, guard(config, 'add'), async (req, res) => {
      sendRecord(res, await createRecord(ctx, config, req), 201);
    });

    router.patch(`${base}/:id`, guard(config, 'edit'), async (req, res) => {
      sendOne(config, res, await updateRecord(ctx, config, req));
    });

    router.delete(`${base}/:id`, guard(config, 'delete'), (req, res) => {
      deleteRecord(ctx, config, req);
      res.json({ message: 'Record deleted.' });
    });

    return router;
  };
}
