import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

const providers = [
  { value: 'openai', label: 'OpenAI' },
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'azure-openai', label: 'Azure OpenAI' },
  { value: 'openai-compatible', label: 'OpenAI-compatible' },
];

export const llms: SectionConfig = {
  key: 'llms',
  singular: 'LLM',
  titleOf: nameOf,
  columns: [
    { key: 'name', label: 'Name', sort: 'name' },
    { key: 'provider', label: 'Provider', sort: 'provider' },
    { key: 'model', label: 'Model' },
    { key: 'temperature', label: 'Temperature' },
    ...timestamps,
  ],
  filters: [{ key: 'provider', label: 'Provider', choices: providers }],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'provider', label: 'Provider', type: 'select', choices: providers, required: true },
    { name: 'model', label: 'Model', type: 'text', required: true },
    { name: 'base_url', label: 'Base URL', type: 'url' },
    { name: 'temperature', label: 'Temperature', type: 'number', min: 0, max: 2, decimal: true },
    { name: 'max_tokens', label: 'Max tokens', type: 'number', min: 1 },
    // Write-only: the API never returns the key, so the field is always blank and blank keeps it.
    { name: 'api_key', label: 'API key', type: 'password', hint: 'Write-only: leave blank to keep the stored key.' },
  ],
  tabs: [],
};
