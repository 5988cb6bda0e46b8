import { DEFAULT_SORTS } from '../defaultSorts';
import { choices, timestamps, type SectionConfig } from '../sectionConfig';

const statuses = choices('new', 'reviewed', 'resolved');
const ratings = ['1', '2', '3', '4', '5'].map((value) => ({ value, label: `${value} ★` }));

export const feedback: SectionConfig = {
  key: 'feedback',
  singular: 'Feedback',
  titleOf: (r) => `Feedback #${r.id}`,
  columns: [
    { key: 'rating', label: 'Rating', format: 'rating', sort: 'rating' },
    { key: 'comment', label: 'Comment' },
    { key: 'status', label: 'Status', sort: 'status' },
    { key: 'conversation_uuid', label: 'Conversation' },
    { key: 'created_at', label: 'Received', format: 'timestamp', sort: 'created_at' },
    ...timestamps,
  ],
  filters: [
    { key: 'status', label: 'Status', choices: statuses },
    { key: 'rating', label: 'Rating', choices: ratings },
  ],
  fields: [
    { name: 'rating', label: 'Rating', type: 'number', required: true, min: 1, max: 5 },
    { name: 'status', label: 'Status', type: 'select', choices: statuses },
    { name: 'comment', label: 'Comment', type: 'textarea' },
    { name: 'conversation_uuid', label: 'Conversation', type: 'conversation' },
  ],
  tabs: [],
  defaultSort: DEFAULT_SORTS.feedback,
  exportable: true,
};
