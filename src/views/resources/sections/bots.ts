import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const bots: SectionConfig = {
  key: 'bots',
  singular: 'Bot',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'description', label: 'Description' }, { key: 'greeting', label: 'Greeting' }, { key: 'instance_id', label: 'Instance' }, ...timestamps],
  filters: [{ key: 'instance_id', label: 'Instance', choicesFrom: 'instances' }],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'greeting', label: 'Greeting', type: 'textarea' },
    { name: 'instance_id', label: 'Instance', type: 'select', choicesFrom: 'instances' },
  ],
  tabs: [
    { key: 'agents', label: 'Agents', relation: 'bots.agents' },
    { key: 'actions', label: 'Actions', panel: 'botActions' },
  ],
  importable: true,
};
