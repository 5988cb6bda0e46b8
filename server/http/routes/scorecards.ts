import { z } from 'zod';
import { crudRouter } from '../crud';
import { decimal, optionalText, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

const criterion = z.object({ label: requiredString(), weight: decimal(0, 100) });
const create = z.object({ name: requiredString(), description: optionalText(2000), criteria: z.array(criterion).max(50).optional() });

/** Grading sheets: weighted criteria a conversation is scored on. */
export const scorecardResource: ResourceConfig = {
  path: 'scorecards',
  table: 'scorecards',
  model: 'Scorecards',
  fields: ['name', 'description', 'criteria'],
  json: ['criteria'],
  create,
  update: create.partial(),
  list: { defaultSort: 'name', sortable: { name: 'scorecards.name COLLATE NOCASE' }, searchable: ['scorecards.name'] },
};

export const scorecardRoutes = crudRouter(scorecardResource);
