import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const agents: SectionConfig = {
  key: 'agents',
  singular: 'Agent',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'description', label: 'Description' }, { key: 'llm_id', label: 'LLM' }, ...timestamps],
  filters: [{ key: 'llm_id', label: 'LLM', choicesFrom: 'llms' }],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'llm_id', label: 'LLM', type: 'select', choicesFrom: 'llms' },
    { name: 'agent_instruction_id', label: 'Instructions', type: 'select', choicesFrom: 'agent-instructions' },
  ],
  tabs: [
    { key: 'tools', label: 'Tools', relation: 'agents.tools' },
    { key: 'actions', label: 'Actions', panel: 'agentActions' },
  ],
};
