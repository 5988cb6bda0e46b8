import { z } from 'zod';
import type { Database } from '../../db/connection';
import { crudRouter } from '../crud';
import { ValidationError } from '../errors';
import { oneOf, optionalId, optionalText, requiredString } from '../fields';
import { combine, relationRouter } from '../relations';
import type { ResourceConfig } from '../resource';
import { dispositionResource } from './dispositions';

export const WORKFLOW_TRIGGERS = ['inbound_call', 'outbound_call', 'chat', 'schedule'] as const;
export const WORKFLOW_CONTACT_STATUSES = ['pending', 'active', 'done'] as const;

const step = z.object({ name: requiredString(), action_id: optionalId.transform((id) => id ?? null) });
const create = z.object({
  name: requiredString(),
  description: optionalText(2000),
  trigger: oneOf(WORKFLOW_TRIGGERS),
  steps: z.array(step).max(100).optional(),
});

/** A step's action must be one of the workflow's account, like every other reference. */
function checkStepActions(db: Database, steps: unknown, accountId: number | null): void {
  if (!Array.isArray(steps)) return;
  const errors: Record<string, string[]> = {};
  steps.forEach((item: { action_id: number | null }, index) => {
    if (item.action_id === null) return;
    const row = db.prepare('SELECT account_id FROM actions WHERE id = ?').get(item.action_id) as { account_id: number } | undefined;
    if (row?.account_id !== accountId) errors[`steps.${index}.action_id`] = [`The selected steps.${index}.action id is invalid.`];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Automations: a trigger and ordered steps; dispositions and contacts hang off them. */
export const workflowResource: ResourceConfig = {
  path: 'workflows',
  table: 'workflows',
  model: 'Workflows',
  fields: ['name', 'description', 'trigger', 'steps'],
  json: ['steps'],
  idLists: {
    dispositions: { table: 'workflow_dispositions', ownKey: 'workflow_id', otherKey: 'disposition_id' },
    contacts: { table: 'workflow_contacts', ownKey: 'workflow_id', otherKey: 'contact_id' },
  },
  create,
  update: create.partial(),
  // SPEC §7: a workflow's read and edit answer the record itself.
  bare: true,
  list: {
    defaultSort: 'name',
    sortable: { name: 'workflows.name COLLATE NOCASE', trigger: 'workflows."trigger"' },
    filterable: { trigger: 'workflows."trigger"' },
    searchable: ['workflows.name'],
  },
  hooks: {
    prepare(input, w) {
      checkStepActions(w.ctx.db, input.steps, w.accountId);
      return input;
    },
  },
};

export const workflowDispositionRoutes = relationRouter({
  parent: workflowResource,
  child: dispositionResource,
  segment: 'dispositions',
  table: 'workflow_dispositions',
  parentKey: 'workflow_id',
  childKey: 'disposition_id',
});

export const workflowRoutes = combine(workflowDispositionRoutes, crudRouter(workflowResource));
