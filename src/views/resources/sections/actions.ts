import { choices, nameOf, timestamps, type SectionConfig } from '../sectionConfig';

const kinds = choices('webhook', 'email', 'sms', 'transfer');

export const actions: SectionConfig = {
  key: 'actions',
  singular: 'Action',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'kind', label: 'Kind', sort: 'kind' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [{ key: 'kind', label: 'Kind', choices: kinds }],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'kind', label: 'Kind', type: 'select', choices: kinds, required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'config', label: 'Configuration (JSON)', type: 'json' },
  ],
  tabs: [],
};
