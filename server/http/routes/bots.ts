import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { crudRouter, guard, insertRow, loadScoped, recordById } from '../crud';
import { optionalId, optionalText, requiredString } from '../fields';
import type { RouterFactory } from '../routerFactory';
import { combine, relationRouter } from '../relations';
import { sendRecord } from '../record';
import type { ResourceConfig } from '../resource';
import { agentResource, copyName } from './agents';

const create = z.object({
  name: requiredString(),
  description: optionalText(2000),
  greeting: optionalText(2000),
  instance_id: optionalId,
});

/**
 * A bot: a greeting and an ordered list of agents (bot_agents.position), optionally on an
 * instance. The chat gateway reads bots → bot_agents → agents → agent_instructions and llms.
 */
export const botResource: ResourceConfig = {
  path: 'bots',
  table: 'bots',
  model: 'Bots',
  fields: ['name', 'description', 'greeting', 'instance_id'],
  idLists: { agents: { table: 'bot_agents', ownKey: 'bot_id', otherKey: 'agent_id', order: 'position, agent_id' } },
  references: { instance_id: 'instances' },
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'bots.name COLLATE NOCASE' },
    filterable: { instance_id: 'bots.instance_id' },
    searchable: ['bots.name'],
  },
};

/** A new agent goes to the end of the bot's hand-over order. */
export function nextAgentPosition(db: Database, botId: number): number {
  return (db.prepare('SELECT COALESCE(MAX(position) + 1, 0) AS p FROM bot_agents WHERE bot_id = ?').get(botId) as { p: number }).p;
}

/** POST /bots/{id}/duplicate → 201 `{data: new bot}` with the same agents, on no instance. */
const botDuplicateRoutes: RouterFactory = (ctx) => {
  const router = Router();
  router.post('/bots/:id/duplicate', guard(botResource, 'add'), (req, res) => {
    const source = loadScoped(req, ctx.db, botResource);
    const id = ctx.db.transaction(() => {
      // An instance answers with one bot: the copy starts unattached.
      const copyId = insertRow(ctx.db, botResource, {
        account_id: source.account_id,
        name: copyName(source.name),
        description: source.description,
        greeting: source.greeting,
      });
      ctx.db
        .prepare('INSERT INTO bot_agents (bot_id, agent_id, position) SELECT ?, agent_id, position FROM bot_agents WHERE bot_id = ?')
        .run(copyId, source.id);
      return copyId;
    })();
    sendRecord(res, recordById(ctx.db, botResource, id), 201);
  });
  return router;
};

export const botAgentRoutes = relationRouter({
  parent: botResource,
  child: agentResource,
  segment: 'agents',
  table: 'bot_agents',
  parentKey: 'bot_id',
  childKey: 'agent_id',
  newLinkValues: (db, botId) => ({ position: nextAgentPosition(db, botId) }),
});

export const botRoutes = combine(botDuplicateRoutes, botAgentRoutes, crudRouter(botResource));
