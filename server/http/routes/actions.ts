import { z } from 'zod';
import { crudRouter } from '../crud';
import { jsonObject, nullAsAbsent, oneOf, optionalText, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

export const ACTION_KINDS = ['webhook', 'email', 'sms', 'transfer'] as const;

const create = z.object({
  name: requiredString(),
  description: optionalText(2000),
  kind: oneOf(ACTION_KINDS),
  config: nullAsAbsent(jsonObject),
});

/** Side effects a workflow step runs (webhook, email, SMS, transfer). */
export const actionResource: ResourceConfig = {
  path: 'actions',
  table: 'actions',
  model: 'Actions',
  fields: ['name', 'description', 'kind', 'config'],
  json: ['config'],
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'actions.name COLLATE NOCASE', kind: 'actions.kind' },
    filterable: { kind: 'actions.kind' },
    searchable: ['actions.name'],
  },
};

export const actionRoutes = crudRouter(actionResource);
