import { choices, nameOf, timestamps, type SectionConfig } from '../sectionConfig';

const triggers = choices('inbound_call', 'outbound_call', 'chat', 'schedule');

export const workflows: SectionConfig = {
  key: 'workflows',
  singular: 'Workflow',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'trigger', label: 'Trigger', sort: 'trigger' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [{ key: 'trigger', label: 'Trigger', choices: triggers }],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'trigger', label: 'Trigger', type: 'select', choices: triggers, required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'steps', label: 'Steps', type: 'steps', hint: 'One step name per line' },
  ],
  tabs: [
    { key: 'dispositions', label: 'Dispositions', relation: 'workflows.dispositions' },
    { key: 'contacts', label: 'Contacts', panel: 'workflowContacts' },
  ],
};
