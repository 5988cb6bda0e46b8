import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { guard, loadScoped } from '../crud';
import { integer, optionalDateTime } from '../fields';
import type { RouterFactory } from '../routerFactory';
import { paginate, type ListSpec } from '../list';
import { found, idParam, sendRecord } from '../record';
import { findInScope, listSpecOf, type Row } from '../resource';
import { validateBody } from '../validation';
import { contactResource } from './contacts';
import { WORKFLOW_CONTACT_STATUSES, workflowResource } from './workflows';

const linkBody = z.object({
  status: z.enum(WORKFLOW_CONTACT_STATUSES).optional(),
  scheduled_at: optionalDateTime,
  attempts: integer(0, 1000).optional(),
});

interface LinkRow {
  workflow_id: number;
  contact_id: number;
  status: string;
  scheduled_at: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  contact_name: string;
  contact_phone_number: string | null;
  contact_email: string | null;
}

const LINK_SELECT = `wc.contact_id, wc.workflow_id, wc.status, wc.scheduled_at, wc.attempts, wc.created_at, wc.updated_at,
  c.name AS contact_name, c.phone_number AS contact_phone_number, c.email AS contact_email`;
const LINK_FROM = 'workflow_contacts wc JOIN contacts c ON c.id = wc.contact_id';

/** A link as the API shows it: the link's own fields plus a summary of the contact. */
function toLink(row: LinkRow) {
  return {
    contact_id: row.contact_id,
    workflow_id: row.workflow_id,
    status: row.status,
    scheduled_at: row.scheduled_at,
    attempts: row.attempts,
    created_at: row.created_at,
    updated_at: row.updated_at,
    contact: { id: row.contact_id, name: row.contact_name, phone_number: row.contact_phone_number, email: row.contact_email },
  };
}

function linkSpec(workflowId: number): ListSpec<LinkRow> {
  return {
    from: LINK_FROM,
    select: LINK_SELECT,
    sortable: {
      name: 'c.name COLLATE NOCASE', status: 'wc.status', scheduled_at: 'wc.scheduled_at', attempts: 'wc.attempts',
      created_at: 'wc.created_at', updated_at: 'wc.updated_at',
    },
    defaultSort: 'name',
    tiebreaker: 'wc.contact_id',
    filterable: { status: 'wc.status', contact_id: 'wc.contact_id' },
    searchable: ['c.name', 'c.email', 'c.phone_number'],
    scopeColumn: 'c.account_id',
    where: [{ sql: 'wc.workflow_id = ?', params: [workflowId] }],
    map: toLink,
  };
}

function findLink(db: Database, workflowId: number, contactId: number): LinkRow | undefined {
  return db.prepare(`SELECT ${LINK_SELECT} FROM ${LINK_FROM} WHERE wc.workflow_id = ? AND wc.contact_id = ?`).get(workflowId, contactId) as
    | LinkRow
    | undefined;
}

/** The workflow (in the caller's scope) and a contact of the workflow's own account, or 404. */
function workflowAndContact(req: Request, db: Database): { workflow: Row; contact: Row } {
  const workflow = loadScoped(req, db, workflowResource, 'workflowId');
  const scope = { kind: 'account', accountId: Number(workflow.account_id) } as const;
  const contact = found(findInScope(db, contactResource, idParam(req.params.contactId), scope));
  return { workflow, contact };
}

/**
 * Workflow contacts (SPEC §7): a link row per contact with its own status, schedule and attempts.
 * POST assigns (201, or 200 with the link unchanged when already assigned), PATCH updates the
 * link from its body, DELETE removes it; all answer `{data: link}`.
 */
export const workflowContactRoutes: RouterFactory = (ctx) => {
  const router = Router();
  const base = '/workflows/:workflowId/contacts';
  // Every answer here carries contacts (name, phone, email): the picker is no side door past
  // Contacts read (issue 27 item 7), so each route needs it besides the workflow's own permission.
  const readContacts = guard(contactResource, 'read');

  router.get(base, guard(workflowResource, 'read'), readContacts, (req, res) => {
    const workflow = loadScoped(req, ctx.db, workflowResource, 'workflowId');
    res.json(paginate(req, ctx.db, linkSpec(workflow.id), { kind: 'account', accountId: Number(workflow.account_id) }));
  });

  router.get(`${base}/available`, guard(workflowResource, 'read'), readContacts, (req, res) => {
    const workflow = loadScoped(req, ctx.db, workflowResource, 'workflowId');
    const spec = listSpecOf(contactResource, [
      { sql: 'contacts.id NOT IN (SELECT contact_id FROM workflow_contacts WHERE workflow_id = ?)', params: [workflow.id] },
    ]);
    res.json(paginate(req, ctx.db, spec, { kind: 'account', accountId: Number(workflow.account_id) }));
  });

  router.post(`${base}/:contactId`, guard(workflowResource, 'edit'), readContacts, (req, res) => {
    const { workflow, contact } = workflowAndContact(req, ctx.db);
    const existing = findLink(ctx.db, workflow.id, contact.id);
    if (existing) {
      sendRecord(res, toLink(existing));
      return;
    }
    const input = validateBody(req, linkBody);
    ctx.db
      .prepare('INSERT INTO workflow_contacts (workflow_id, contact_id, status, scheduled_at, attempts) VALUES (?, ?, ?, ?, ?)')
      .run(workflow.id, contact.id, input.status ?? 'pending', input.scheduled_at ?? null, input.attempts ?? 0);
    sendRecord(res, toLink(found(findLink(ctx.db, workflow.id, contact.id))), 201);
  });

  router.patch(`${base}/:contactId`, guard(workflowResource, 'edit'), readContacts, (req, res) => {
    const { workflow, contact } = workflowAndContact(req, ctx.db);
    found(findLink(ctx.db, workflow.id, contact.id), 'Record not assigned.');
    const input = validateBody(req, linkBody);
    const changes = Object.entries(input).filter(([, value]) => value !== undefined);
    if (changes.length > 0) {
      const set = [...changes.map(([column]) => `${column} = ?`), 'updated_at = ?'].join(', ');
      ctx.db
        .prepare(`UPDATE workflow_contacts SET ${set} WHERE workflow_id = ? AND contact_id = ?`)
        .run(...changes.map(([, value]) => value), nowIso(), workflow.id, contact.id);
    }
    sendRecord(res, toLink(found(findLink(ctx.db, workflow.id, contact.id))));
  });

  router.delete(`${base}/:contactId`, guard(workflowResource, 'edit'), readContacts, (req, res) => {
    const { workflow, contact } = workflowAndContact(req, ctx.db);
    const link = found(findLink(ctx.db, workflow.id, contact.id), 'Record not assigned.');
    ctx.db.prepare('DELETE FROM workflow_contacts WHERE workflow_id = ? AND contact_id = ?').run(workflow.id, contact.id);
    sendRecord(res, toLink(link));
  });

  return router;
};
