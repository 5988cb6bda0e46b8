import { z } from 'zod';
import { crudRouter } from '../crud';
import { jsonObject, nullAsAbsent, oneOf, optionalText, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

export const TOOL_KINDS = ['function', 'http', 'transfer', 'hangup'] as const;

const create = z.object({
  name: requiredString(),
  description: optionalText(2000),
  kind: oneOf(TOOL_KINDS),
  parameters: nullAsAbsent(jsonObject),
});

/** What an agent can do mid-conversation: call a function or URL, transfer, hang up. */
export const toolResource: ResourceConfig = {
  path: 'tools',
  table: 'tools',
  model: 'Tools',
  fields: ['name', 'description', 'kind', 'parameters'],
  json: ['parameters'],
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'tools.name COLLATE NOCASE', kind: 'tools.kind' },
    filterable: { kind: 'tools.kind' },
    searchable: ['tools.name'],
  },
};

export const toolRoutes = crudRouter(toolResource);
