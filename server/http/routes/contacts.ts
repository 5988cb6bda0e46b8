import { Router } from 'express';
import { z } from 'zod';
import { crudRouter, guard, loadScoped } from '../crud';
import { optionalEmail, optionalText, phoneNumber, requiredString } from '../fields';
import type { RouterFactory } from '../routerFactory';
import { paginate, type ListSpec } from '../list';
import { combine } from '../relations';
import { listSpecOf, toRecord, type ResourceConfig, type Row } from '../resource';
import { workflowResource } from './workflows';

const create = z.object({
  name: requiredString(),
  phone_number: phoneNumber,
  email: optionalEmail,
  notes: optionalText(5000),
});

/** People the platform calls or chats with; workflows work through them. */
export const contactResource: ResourceConfig = {
  path: 'contacts',
  table: 'contacts',
  model: 'Contacts',
  fields: ['name', 'phone_number', 'email', 'notes'],
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'contacts.name COLLATE NOCASE', email: 'contacts.email COLLATE NOCASE' },
    searchable: ['contacts.name', 'contacts.email', 'contacts.phone_number'],
  },
};

/**
 * GET /contacts/{contactId}/workflows: the workflows a contact is on, each with its `link`
 * ({status, scheduled_at, attempts}); `filter[status]` filters on the link, `filter[trigger]`
 * on the workflow, `search` on the workflow name.
 */
const contactWorkflowRoutes: RouterFactory = (ctx) => {
  const router = Router();
  router.get('/contacts/:contactId/workflows', guard(contactResource, 'read'), (req, res) => {
    const contact = loadScoped(req, ctx.db, contactResource, 'contactId');
    const base = listSpecOf(workflowResource, [{ sql: 'wc.contact_id = ?', params: [contact.id] }]);
    const spec: ListSpec<Row> = {
      ...base,
      from: 'workflows JOIN workflow_contacts wc ON wc.workflow_id = workflows.id',
      select: `${base.select}, json_object('status', wc.status, 'scheduled_at', wc.scheduled_at, 'attempts', wc.attempts) AS "link"`,
      filterable: { ...base.filterable, status: 'wc.status' },
      map: (row) => ({ ...toRecord(workflowResource, row), link: JSON.parse(String(row.link)) as unknown }),
    };
    res.json(paginate(req, ctx.db, spec, { kind: 'account', accountId: Number(contact.account_id) }));
  });
  return router;
};

export const contactRoutes = combine(contactWorkflowRoutes, crudRouter(contactResource));
