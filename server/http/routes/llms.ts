import { z } from 'zod';
import { outboundPolicyFromEnv, outboundUrlProblem } from '../../chat/outboundPolicy';
import { crudRouter } from '../crud';
import { fieldError } from '../errors';
import { decimal, integer, nullAsAbsent, oneOf, optionalUrl, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

export const LLM_PROVIDERS = ['openai', 'anthropic', 'azure-openai', 'openai-compatible'] as const;

const create = z.object({
  name: requiredString(),
  provider: oneOf(LLM_PROVIDERS),
  model: requiredString(),
  base_url: optionalUrl,
  temperature: nullAsAbsent(decimal(0, 2)),
  max_tokens: nullAsAbsent(integer(1, 200_000)),
  /** Write-only: stored, sent only to this record's base_url, never answered. Blank keeps the stored key. */
  api_key: z.string().trim().max(500).optional(),
});

/** The base_url rule of the chat gateway's outbound policy (https; http only for LLM_LOCAL_HOSTS), as a 422. */
export function checkedBaseUrl(value: unknown, field = 'base_url'): void {
  if (typeof value !== 'string') return;
  const problem = outboundUrlProblem(value, outboundPolicyFromEnv());
  if (problem) throw fieldError(field, problem);
}

/** Where a stored key would go: the base_url as written (normalised), else the provider's own endpoint. */
function keyDestination(provider: unknown, baseUrl: unknown): string {
  if (typeof baseUrl === 'string' && baseUrl.trim() !== '') {
    try {
      return new URL(baseUrl.trim()).href.replace(/\/+$/, '');
    } catch {
      return baseUrl.trim();
    }
  }
  return `provider:${String(provider)}`;
}

/**
 * The write-only key belongs to the endpoint it was given for: an edit that points the record
 * somewhere else (another base_url, or another provider's default host) drops the stored key
 * unless the same request sends a new one, so whoever may edit an LLM cannot redirect its key
 * to a host of their choosing.
 */
function keyFollowsEndpoint(input: Record<string, unknown>, existing: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!existing || (input.base_url === undefined && input.provider === undefined)) return input;
  const before = keyDestination(existing.provider, existing.base_url);
  const after = keyDestination(input.provider ?? existing.provider, input.base_url === undefined ? existing.base_url : input.base_url);
  if (before === after || (typeof input.api_key === 'string' && input.api_key !== '')) return input;
  return { ...input, api_key: null };
}

/** Model definitions agents run on (the chat gateway reads provider, model, base_url, …). */
export const llmResource: ResourceConfig = {
  path: 'llms',
  table: 'llms',
  model: 'LLMs',
  // api_key is deliberately not a field: fields are what responses and exports show.
  fields: ['name', 'provider', 'model', 'base_url', 'temperature', 'max_tokens'],
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'llms.name COLLATE NOCASE', provider: 'llms.provider', model: 'llms.model' },
    filterable: { provider: 'llms.provider' },
    searchable: ['llms.name', 'llms.model'],
  },
  hooks: {
    prepare(input, w) {
      checkedBaseUrl(input.base_url);
      const { api_key: apiKey, ...rest } = keyFollowsEndpoint(input, w.existing);
      return apiKey === null || (typeof apiKey === 'string' && apiKey !== '') ? { ...rest, api_key: apiKey } : rest;
    },
  },
};

export const llmRoutes = crudRouter(llmResource);
