import type { ResourceKey } from '../../api/resources';
import type { SectionConfig } from './sectionConfig';
import { accounts } from './sections/accounts';
import { actions } from './sections/actions';
import { agentInstructions } from './sections/agentInstructions';
import { agents } from './sections/agents';
import { bots } from './sections/bots';
import { clients } from './sections/clients';
import { contacts } from './sections/contacts';
import { dispositions } from './sections/dispositions';
import { feedback } from './sections/feedback';
import { instances } from './sections/instances';
import { llms } from './sections/llms';
import { roles } from './sections/roles';
import { scorecards } from './sections/scorecards';
import { tools } from './sections/tools';
import { users } from './sections/users';
import { workflows } from './sections/workflows';

/** The fifteen sections' field configuration, and the read-only client list's, by section key. */
export const SECTION_CONFIGS: Record<ResourceKey, SectionConfig> = {
  users,
  accounts,
  roles,
  instances,
  actions,
  contacts,
  feedback,
  agents,
  'agent-instructions': agentInstructions,
  tools,
  llms,
  bots,
  dispositions,
  scorecards,
  workflows,
  clients,
};
