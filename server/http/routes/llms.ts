import { z } from 'zod';
import { crudRouter } from '../crud';
import { decimal, integer, oneOf, optionalUrl, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

export const LLM_PROVIDERS = ['openai', 'anthropic', 'azure-openai', 'openai-compatible'] as const;

const create = z.object({
  name: requiredString(),
  provider: oneOf(LLM_PROVIDERS),
  model: requiredString(),
  base_url: optionalUrl,
  temperature: decimal(0, 2).optional(),
  max_tokens: integer(1, 200_000).optional(),
});

/** Model definitions agents run on (the chat gateway reads provider, model, base_url, …). */
export const llmResource: ResourceConfig = {
  path: 'llms',
  table: 'llms',
  model: 'LLMs',
  fields: ['name', 'provider', 'model', 'base_url', 'temperature', 'max_tokens'],
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'llms.name COLLATE NOCASE', provider: 'llms.provider', model: 'llms.model' },
    filterable: { provider: 'llms.provider' },
    searchable: ['llms.name', 'llms.model'],
  },
};

export const llmRoutes = crudRouter(llmResource);
