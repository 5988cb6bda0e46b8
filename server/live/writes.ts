import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import type { Database } from '../db/connection';
import { evaluationRow } from '../review/evaluations';
import { liveHubOf } from './registry';
import type { ChangeKind } from './protocol';
import { findLiveRecord, type LiveRecord } from './records';
import { CONVERSATIONS, LIVE_RESOURCES, type LiveResource } from './resources';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API_PREFIX = '/api/v1/';

/** Which resource a write's path is about, and the record its path names (if any). */
interface WriteTarget {
  live: LiveResource;
  /** The record named in the path (`/contacts/5`, `/reporting/conversations/<uuid>/notes`). */
  key: string | null;
  /** More path after the record (`/bots/4/duplicate`, `/users/7/roles`): a write about that record. */
  nested: boolean;
}

function targetOf(db: Database, path: string): WriteTarget | null {
  if (!path.startsWith(API_PREFIX)) return null;
  const parts = path.slice(API_PREFIX.length).split('/').filter(Boolean);
  // A review of a conversation (notes, evaluations) changes what its row shows (the grade).
  if (parts[0] === 'reporting' && parts[1] === 'conversations' && parts[2]) return { live: CONVERSATIONS, key: parts[2], nested: true };
  // An evaluation saved or submitted by its own path is about its conversation (a submit sets the grade).
  if (parts[0] === 'reporting' && parts[1] === 'evaluations' && parts[2]) {
    const conversation = evaluatedConversation(db, parts[2]);
    return conversation === null ? null : { live: CONVERSATIONS, key: conversation, nested: true };
  }
  const live = parts[0] ? LIVE_RESOURCES.get(parts[0]) : undefined;
  if (!live) return null;
  const key = parts[1] && /^(\d{1,15}|[0-9a-f-]{36})$/i.test(parts[1]) ? parts[1] : null;
  return { live, key, nested: parts.length > (key ? 2 : 1) };
}

/** The conversation an evaluation (`/reporting/evaluations/<id>`) belongs to, or null. */
function evaluatedConversation(db: Database, evaluation: string): string | null {
  const row = /^\d{1,15}$/.test(evaluation) ? evaluationRow(db, Number(evaluation)) : undefined;
  return row ? String(row.conversation_id) : null;
}

/** The record a write answered with (`{data: …}` or a bare record), if it names one. */
function answeredRecord(body: unknown, live: LiveResource): { id: string; accountId: number | null } | null {
  const outer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  const record = outer && typeof outer.data === 'object' && outer.data !== null && !Array.isArray(outer.data) ? (outer.data as Record<string, unknown>) : outer;
  const id = record?.[live.idColumn];
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  const account = live.accountColumn === 'id' ? record?.id : record?.account_id;
  return { id: String(id), accountId: typeof account === 'number' ? account : null };
}

/**
 * The one hook of the HTTP write path (mounted before the routes in app.ts): after a write under
 * /api/v1 succeeded, the resource it touched is announced to the live hub. The record a path names
 * is looked up BEFORE the route runs (a deleted row is gone after it); a create names its record
 * in its answer. Kinds: POST without a record in the path, or answering another record (a
 * duplicate, a call) → created; DELETE of the record itself → deleted; anything else → updated.
 */
export function announceWrites(ctx: AppContext): RequestHandler {
  return (req: Request, res: Response, next) => {
    const target = WRITES.has(req.method) ? targetOf(ctx.db, req.path) : null;
    if (!target) return next();
    const before = target.key ? findLiveRecord(ctx.db, target.live, target.key) : null;
    let answered: unknown;
    const json = res.json.bind(res);
    res.json = ((body: unknown) => {
      answered = body;
      return json(body);
    }) as Response['json'];
    res.on('finish', () => {
      if (res.statusCode < 200 || res.statusCode >= 300) return;
      const hub = liveHubOf(ctx);
      if (!hub) return;
      const change = changeOf(ctx, req.method, target, before, answered);
      if (change) hub.publish({ live: target.live, ...change });
    });
    next();
  };
}

function changeOf(ctx: AppContext, method: string, target: WriteTarget, before: LiveRecord | null, answered: unknown): { kind: ChangeKind; accountId: number | null; ids: string[] } | null {
  const record = answeredRecord(answered, target.live);
  if (method === 'POST' && record && record.id !== before?.id) {
    // The answer may omit the account (a call's record): the stored row says it.
    const accountId = record.accountId ?? findLiveRecord(ctx.db, target.live, record.id)?.accountId ?? null;
    return { kind: 'created', accountId, ids: [record.id] };
  }
  if (!before) return null;
  const kind: ChangeKind = method === 'DELETE' && !target.nested ? 'deleted' : 'updated';
  return { kind, accountId: before.accountId, ids: [before.id] };
}
