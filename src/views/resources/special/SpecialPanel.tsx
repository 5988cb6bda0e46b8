import { Suspense, lazy } from 'react';
import type { ResourceKey, ResourceRecord } from '../../../api/resources';
import { LoadingState } from '../../common/LoadingState';
import type { SpecialPanel as PanelName } from '../sectionConfig';
import { AgentActions } from './AgentActions';
import { BotActions } from './BotActions';
import { PhoneNumbers } from './PhoneNumbers';
import { SlotsBrief } from './SlotsBrief';
import { UserActions } from './UserActions';
import { WorkflowContacts } from './WorkflowContacts';

// The call form brings the chat connection with it: load it only when its tab opens.
const OutboundCallForm = lazy(() => import('../../calls/OutboundCallForm').then((m) => ({ default: m.OutboundCallForm })));
// Issue 29's questions editor: the review area's code, loaded with this panel only.
const ScorecardItems = lazy(() => import('./ScorecardItems'));

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
    case 'scorecardItems':
      return (
        <Suspense fallback={<LoadingState label="Loading the questions…" />}>
          <ScorecardItems scorecardId={String(record.id)} />
        </Suspense>
      );
    case 'outboundCall':
      // From an instance the instance is fixed; from a contact its number is prefilled.
      return (
        <Suspense fallback={<LoadingState label="Loading the call form…" />}>
          {section === 'instances' ? (
            <OutboundCallForm instanceId={record.id} />
          ) : (
            <OutboundCallForm phone={typeof record.phone_number === 'string' ? record.phone_number : ''} />
          )}
        </Suspense>
      );
  }
}
