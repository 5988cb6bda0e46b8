import { choices, nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const instances: SectionConfig = {
  key: 'instances',
  singular: 'Instance',
  titleOf: nameOf,
  columns: [
    { key: 'name', label: 'Name', sort: 'name' },
    { key: 'phone_number', label: 'Phone number', format: 'phone' },
    { key: 'status', label: 'Status', sort: 'status' },
    { key: 'bot_id', label: 'Bot' },
    ...timestamps,
  ],
  filters: [
    { key: 'status', label: 'Status', choices: choices('active', 'paused') },
    { key: 'bot_id', label: 'Bot', choicesFrom: 'bots' },
  ],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'status', label: 'Status', type: 'select', choices: choices('active', 'paused') },
    { name: 'bot_id', label: 'Bot', type: 'select', choicesFrom: 'bots' },
    { name: 'phone_number', label: 'Phone number', type: 'text', readOnly: true, hint: 'Buy a number from the Phone numbers tab.' },
  ],
  tabs: [
    { key: 'phone-numbers', label: 'Phone numbers', panel: 'phoneNumbers' },
    { key: 'dispositions', label: 'Dispositions', relation: 'instances.dispositions' },
    { key: 'scorecards', label: 'Scorecards', relation: 'instances.scorecards' },
    { key: 'slots', label: 'Slots', panel: 'slotsBrief' },
    { key: 'call', label: 'Call', panel: 'outboundCall' },
  ],
};
