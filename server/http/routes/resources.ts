import type { RouterFactory } from '../routerFactory';
import { actionRoutes } from './actions';
import { agentInstructionRoutes } from './agentInstructions';
import { agentRoutes } from './agents';
import { botRoutes } from './bots';
import { botTransferRoutes } from './botTransfer';
import { clientRoutes } from './clients';
import { contactRoutes } from './contacts';
import { dispositionRoutes } from './dispositions';
import { feedbackRoutes } from './feedback';
import { instanceRoutes } from './instances';
import { llmRoutes } from './llms';
import { phoneNumberRoutes } from './phoneNumbers';
import { roleRoutes } from './roles';
import { scorecardRoutes } from './scorecards';
import { toolRoutes } from './tools';
import { userRoleRoutes } from './userRoles';
import { userRoutes } from './users';
import { workflowContactRoutes } from './workflowContacts';
import { workflowRoutes } from './workflows';

/**
 * Every resource section of SPEC §2 and its relations (docs/resources-contract.md), in the order
 * they are mounted (accounts are registered in index.ts on their own): routes that claim a path before the generic CRUD come first (bot import on
 * POST /bots, phone numbers under /instances/phonenumbers).
 */
export const resourceRouters: readonly RouterFactory[] = [
  userRoleRoutes, userRoutes, roleRoutes,
  phoneNumberRoutes, instanceRoutes,
  actionRoutes, contactRoutes, feedbackRoutes,
  agentRoutes, agentInstructionRoutes, toolRoutes, llmRoutes,
  botTransferRoutes, botRoutes,
  dispositionRoutes, scorecardRoutes,
  workflowContactRoutes, workflowRoutes,
  clientRoutes,
];
