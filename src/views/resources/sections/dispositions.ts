import { timestamps, type SectionConfig } from '../sectionConfig';

export const dispositions: SectionConfig = {
  key: 'dispositions',
  singular: 'Disposition',
  titleOf: (r) => String(r.label ?? `#${r.id}`),
  columns: [{ key: 'label', label: 'Label', sort: 'label' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [],
  fields: [
    { name: 'label', label: 'Label', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
  ],
  tabs: [],
};
