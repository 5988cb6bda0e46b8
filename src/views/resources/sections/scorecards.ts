import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const scorecards: SectionConfig = {
  key: 'scorecards',
  singular: 'Scorecard',
  titleOf: nameOf,
  columns: [{ key: 'name', label: 'Name', sort: 'name' }, { key: 'description', label: 'Description' }, ...timestamps],
  filters: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'criteria', label: 'Criteria', type: 'criteria', hint: 'One per line: label, weight' },
  ],
  // Issue 29: the questions (versioned items) below the details; SPEC gives scorecards no tab routes.
  tabs: [{ key: 'questions', label: 'Questions', panel: 'scorecardItems' }],
};
