import { Router, type RequestHandler } from 'express';
import type { AccountScope } from '../auth/accountScope';
import type { Database } from '../db/connection';
import { guard, loadScoped } from './crud';
import type { RouterFactory } from './routerFactory';
import { paginate } from './list';
import { found, idParam, sendRecord } from './record';
import { findInScope, listSpecOf, q, rowAccountId, toRecord, type ResourceConfig, type Row } from './resource';

/**
 * A many-to-many relation between two resources through a link table: roles ↔ dispositions,
 * instances ↔ scorecards, agents ↔ tools, bots ↔ agents, workflows ↔ dispositions, …
 */
export interface LinkRelation {
  parent: ResourceConfig;
  child: ResourceConfig;
  /** URL segment after `/{parent}/{id}/`. */
  segment: string;
  table: string;
  parentKey: string;
  childKey: string;
  /** Extra columns for a new link row (bot_agents.position). */
  newLinkValues?: (db: Database, parentId: number) => Record<string, unknown>;
}

/** Children may only come from the parent's own account. */
function childScope(relation: LinkRelation, parent: Row): AccountScope {
  const accountId = rowAccountId(relation.parent, parent);
  return accountId === null ? { kind: 'none' } : { kind: 'account', accountId };
}

function linkedCondition(relation: LinkRelation, parentId: number, linked: boolean) {
  return {
    sql: `${relation.child.table}.id ${linked ? 'IN' : 'NOT IN'} (SELECT ${q(relation.childKey)} FROM ${relation.table} WHERE ${q(relation.parentKey)} = ?)`,
    params: [parentId],
  };
}

function isLinked(db: Database, relation: LinkRelation, parentId: number, childId: number): boolean {
  const sql = `SELECT 1 FROM ${relation.table} WHERE ${q(relation.parentKey)} = ? AND ${q(relation.childKey)} = ?`;
  return db.prepare(sql).get(parentId, childId) !== undefined;
}

/** Assigned and available counts: what slots-brief reports per relation. */
export function relationCounts(db: Database, relation: LinkRelation, parent: Row): { assigned: number; available: number } {
  const accountId = rowAccountId(relation.parent, parent);
  const assigned = (db.prepare(`SELECT COUNT(*) AS n FROM ${relation.table} WHERE ${q(relation.parentKey)} = ?`).get(parent.id) as { n: number }).n;
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${relation.child.table} WHERE account_id = ?`).get(accountId) as { n: number }).n;
  return { assigned, available: Math.max(0, total - assigned) };
}

/**
 * The relation's endpoints (SPEC §7 "Relations"):
 * - GET  /{parent}/{id}/{segment}/            assigned children (list envelope)
 * - GET  /{parent}/{id}/{segment}/available/  the parent account's children not assigned yet
 * - POST /{parent}/{id}/{segment}/{childId}   assign → 201 `{data: child}` (200 if it already was)
 * - DELETE /{parent}/{id}/{segment}/{childId} remove → `{data: child}`; 404 when not assigned
 * Lists need the parent's read permission, changes its edit permission.
 */
export function relationRouter(relation: LinkRelation): RouterFactory {
  return (ctx) => {
    const router = Router();
    const { parent, child } = relation;
    const base = `/${parent.path}/:id/${relation.segment}`;

    const list = (linked: boolean): RequestHandler => (req, res) => {
      const parentRow = loadScoped(req, ctx.db, parent);
      const spec = listSpecOf(child, [linkedCondition(relation, parentRow.id, linked)]);
      res.json(paginate(req, ctx.db, spec, childScope(relation, parentRow)));
    };
    router.get(base, guard(parent, 'read'), list(true));
    router.get(`${base}/available`, guard(parent, 'read'), list(false));

    router.post(`${base}/:childId`, guard(parent, 'edit'), (req, res) => {
      const parentRow = loadScoped(req, ctx.db, parent);
      const childRow = found(findInScope(ctx.db, child, idParam(req.params.childId), childScope(relation, parentRow)));
      if (isLinked(ctx.db, relation, parentRow.id, childRow.id)) {
        sendRecord(res, toRecord(child, childRow));
        return;
      }
      const values = { [relation.parentKey]: parentRow.id, [relation.childKey]: childRow.id, ...relation.newLinkValues?.(ctx.db, parentRow.id) };
      const columns = Object.keys(values);
      ctx.db
        .prepare(`INSERT INTO ${relation.table} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
        .run(...Object.values(values));
      sendRecord(res, toRecord(child, childRow), 201);
    });

    router.delete(`${base}/:childId`, guard(parent, 'edit'), (req, res) => {
      const parentRow = loadScoped(req, ctx.db, parent);
      const childRow = found(findInScope(ctx.db, child, idParam(req.params.childId), childScope(relation, parentRow)));
      const result = ctx.db
        .prepare(`DELETE FROM ${relation.table} WHERE ${q(relation.parentKey)} = ? AND ${q(relation.childKey)} = ?`)
        .run(parentRow.id, childRow.id);
      found(result.changes > 0 ? childRow : undefined, 'Record not assigned.');
      sendRecord(res, toRecord(child, childRow));
    });

    return router;
  };
}

/** GET /{parent}/{id}/slots-brief → `{data: {<segment>: {assigned, available}, …}}`. */
export function slotsBriefRouter(parent: ResourceConfig, relations: readonly LinkRelation[]): RouterFactory {
  return (ctx) => {
    const router = Router();
    router.get(`/${parent.path}/:id/slots-brief`, guard(parent, 'read'), (req, res) => {
      const parentRow = loadScoped(req, ctx.db, parent);
      sendRecord(res, Object.fromEntries(relations.map((relation) => [relation.segment, relationCounts(ctx.db, relation, parentRow)])));
    });
    return router;
  };
}

/** Several router factories as one (a resource file exports a single factory). */
export function combine(...factories: RouterFactory[]): RouterFactory {
  return (ctx) => {
    const router = Router();
    for (const factory of factories) router.use(factory(ctx));
    return router;
  };
}
