import { z } from 'zod';
import { crudRouter } from '../crud';
import { optionalText, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

const create = z.object({ label: requiredString(), description: optionalText(2000) });

/** Call outcomes ("Resolved", "Callback requested") assigned to roles, instances and workflows. */
export const dispositionResource: ResourceConfig = {
  path: 'dispositions',
  table: 'dispositions',
  model: 'Dispositions',
  fields: ['label', 'description'],
  create,
  update: create.partial(),
  list: { defaultSort: 'label', sortable: { label: 'dispositions.label COLLATE NOCASE' }, searchable: ['dispositions.label'] },
};

export const dispositionRoutes = crudRouter(dispositionResource);
