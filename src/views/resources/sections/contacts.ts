import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const contacts: SectionConfig = {
  key: 'contacts',
  singular: 'Contact',
  titleOf: nameOf,
  columns: [
    { key: 'name', label: 'Name', sort: 'name' },
    { key: 'phone_number', label: 'Phone number', format: 'phone' },
    { key: 'email', label: 'Email' },
    ...timestamps,
  ],
  filters: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'phone_number', label: 'Phone number', type: 'text' },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'notes', label: 'Notes', type: 'textarea' },
  ],
  tabs: [
    { key: 'workflows', label: 'Workflows', relation: 'contacts.workflows' },
    { key: 'call', label: 'Call', panel: 'outboundCall' },
  ],
};
