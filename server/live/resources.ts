import type { ModelName } from '../auth/models';
import type { ResourceConfig } from '../http/resource';
import { accountResource } from '../http/routes/accounts';
import { actionResource } from '../http/routes/actions';
import { agentInstructionResource } from '../http/routes/agentInstructions';
import { agentResource } from '../http/routes/agents';
import { botResource } from '../http/routes/bots';
import { contactResource } from '../http/routes/contacts';
import { dispositionResource } from '../http/routes/dispositions';
import { feedbackResource } from '../http/routes/feedback';
import { instanceResource } from '../http/routes/instances';
import { llmResource } from '../http/routes/llms';
import { roleResource } from '../http/routes/roles';
import { scorecardResource } from '../http/routes/scorecards';
import { toolResource } from '../http/routes/tools';
import { userResource } from '../http/routes/users';
import { workflowResource } from '../http/routes/workflows';

/** What the live module needs to know of a resource whose changes it announces. */
export interface LiveResource {
  /** The name in `records-changed` (the path under /api/v1). */
  resource: string;
  /** Who may hear it: those who may browse this model, in its account scope. */
  model: ModelName;
  table: string;
  /** The column of the id the portal's rows carry (conversations: uuid). */
  idColumn: string;
  /** The column naming the record's account (accounts: their own id). */
  accountColumn: string;
}

const fromConfig = (config: ResourceConfig): LiveResource => ({
  resource: config.path,
  model: config.model,
  table: config.table,
  idColumn: 'id',
  accountColumn: config.owner === 'self' ? 'id' : 'account_id',
});

/** Conversations (reporting's list): created by chats and calls, ended by them, graded by reviews. */
export const CONVERSATIONS: LiveResource = { resource: 'conversations', model: 'Reporting', table: 'conversations', idColumn: 'uuid', accountColumn: 'account_id' };

/** Every resource whose writes are announced, by its first path segment under /api/v1. */
export const LIVE_RESOURCES: ReadonlyMap<string, LiveResource> = new Map(
  [
    accountResource, actionResource, agentInstructionResource, agentResource, botResource, contactResource, dispositionResource,
    feedbackResource, instanceResource, llmResource, roleResource, scorecardResource, toolResource, userResource, workflowResource,
  ]
    .map(fromConfig)
    .concat(CONVERSATIONS)
    .map((live) => [live.resource, live]),
);
