import { z } from 'zod';
import { crudRouter } from '../crud';
import { requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

const create = z.object({ name: requiredString(), instructions: requiredString(20_000) });

/** System prompts an agent runs with (the chat gateway reads `instructions`). */
export const agentInstructionResource: ResourceConfig = {
  path: 'agent-instructions',
  table: 'agent_instructions',
  model: 'AgentInstructions',
  fields: ['name', 'instructions'],
  create,
  update: create.partial(),
  list: { defaultSort: 'name', sortable: { name: 'agent_instructions.name COLLATE NOCASE' }, searchable: ['agent_instructions.name'] },
};

export const agentInstructionRoutes = crudRouter(agentInstructionResource);
