import { Router } from 'express';
import { z } from 'zod';
import { crudRouter, guard, insertRow, loadScoped, recordById } from '../crud';
import { optionalId, optionalText, requiredString } from '../fields';
import type { RouterFactory } from '../routerFactory';
import { combine, relationRouter } from '../relations';
import { sendRecord } from '../record';
import type { ResourceConfig } from '../resource';
import { toolResource } from './tools';

const create = z.object({
  name: requiredString(),
  description: optionalText(2000),
  llm_id: optionalId,
  agent_instruction_id: optionalId,
});

/** An LLM with instructions and tools; bots hand conversations to agents. */
export const agentResource: ResourceConfig = {
  path: 'agents',
  table: 'agents',
  model: 'Agents',
  fields: ['name', 'description', 'llm_id', 'agent_instruction_id'],
  idLists: { tools: { table: 'agent_tools', ownKey: 'agent_id', otherKey: 'tool_id' } },
  references: { llm_id: 'llms', agent_instruction_id: 'agent_instructions' },
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'agents.name COLLATE NOCASE' },
    filterable: { llm_id: 'agents.llm_id', agent_instruction_id: 'agents.agent_instruction_id' },
    searchable: ['agents.name'],
  },
};

/** The copy's name: "Sales agent" → "Sales agent (copy)". */
export function copyName(name: unknown): string {
  return `${String(name)} (copy)`.slice(0, 255);
}

/** POST /agents/{id}/duplicate → 201 `{data: new agent}`: same LLM, instructions and tools. */
const agentDuplicateRoutes: RouterFactory = (ctx) => {
  const router = Router();
  router.post('/agents/:id/duplicate', guard(agentResource, 'add'), (req, res) => {
    const source = loadScoped(req, ctx.db, agentResource);
    const id = ctx.db.transaction(() => {
      const copyId = insertRow(ctx.db, agentResource, {
        account_id: source.account_id,
        name: copyName(source.name),
        description: source.description,
        llm_id: source.llm_id,
        agent_instruction_id: source.agent_instruction_id,
      });
      ctx.db.prepare('INSERT INTO agent_tools (agent_id, tool_id) SELECT ?, tool_id FROM agent_tools WHERE agent_id = ?').run(copyId, source.id);
      return copyId;
    })();
    sendRecord(res, recordById(ctx.db, agentResource, id), 201);
  });
  return router;
};

export const agentToolRoutes = relationRouter({
  parent: agentResource,
  child: toolResource,
  segment: 'tools',
  table: 'agent_tools',
  parentKey: 'agent_id',
  childKey: 'tool_id',
});

export const agentRoutes = combine(agentDuplicateRoutes, agentToolRoutes, crudRouter(agentResource));
