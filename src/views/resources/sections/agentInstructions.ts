import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const agentInstructions: SectionConfig = {
  key: 'agent-instructions',
  singular: 'Agent Instruction',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, ...timestamps],
  filters: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'instructions', label: 'Instructions', type: 'textarea', required: true },
  ],
  tabs: [],
};
