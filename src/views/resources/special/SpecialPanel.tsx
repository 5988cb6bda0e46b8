import type { ResourceKey, ResourceRecord } from '../../../api/resources';
import type { SpecialPanel as PanelName } from '../sectionConfig';
import { AgentActions } from './AgentActions';
import { BotActions } from './BotActions';
import { PhoneNumbers } from './PhoneNumbers';
import { SlotsBrief } from './SlotsBrief';
import { UserActions } from './UserActions';
import { WorkflowContacts } from './WorkflowContacts';

/** The section-specific pieces a section config names. */
export function SpecialPanel({ panel, section, record }: { panel: PanelName; section: ResourceKey; record: ResourceRecord }) {
  switch (panel) {
    case 'phoneNumbers':
      return <PhoneNumbers instance={record} />;
    case 'workflowContacts':
      return <WorkflowContacts workflowId={record.id} />;
    case 'userActions':
      return <UserActions user={record} />;
    case 'botActions':
      return <BotActions bot={record} />;
    case 'agentActions':
      return <AgentActions agent={record} />;
    case 'slotsBrief':
      return <SlotsBrief section={section as 'roles' | 'instances'} id={record.id} />;
  }
}
