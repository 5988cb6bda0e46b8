import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const roles: SectionConfig = {
  key: 'roles',
  singular: 'Role',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
  ],
  tabs: [
    { key: 'dispositions', label: 'Dispositions', relation: 'roles.dispositions' },
    { key: 'scorecards', label: 'Scorecards', relation: 'roles.scorecards' },
    { key: 'slots', label: 'Slots', panel: 'slotsBrief' },
  ],
};
