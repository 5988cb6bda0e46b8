import { choices, nameOf, timestamps, type SectionConfig } from '../sectionConfig';

const kinds = choices('function', 'http', 'transfer', 'hangup');

export const tools: SectionConfig = {
  key: 'tools',
  singular: 'Tool',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'kind', label: 'Kind', sort: 'kind' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [{ key: 'kind', label: 'Kind', choices: kinds }],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'kind', label: 'Kind', type: 'select', choices: kinds, required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'parameters', label: 'Parameters (JSON)', type: 'json' },
  ],
  tabs: [],
};
