import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const accounts: SectionConfig = {
  key: 'accounts',
  singular: 'Account',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
  ],
  tabs: [],
  deletePage: (id) => `/accounts/${encodeURIComponent(id)}/delete`,
};
