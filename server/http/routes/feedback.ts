import { z } from 'zod';
import { crudRouter } from '../crud';
import { integer, nullAsAbsent, optionalText } from '../fields';
import type { ResourceConfig } from '../resource';

export const FEEDBACK_STATUSES = ['new', 'reviewed', 'resolved'] as const;

const create = z.object({
  conversation_uuid: optionalText(64),
  rating: integer(1, 5),
  comment: optionalText(5000),
  status: nullAsAbsent(z.enum(FEEDBACK_STATUSES)),
});

/** Ratings and comments on conversations; the list has table filters and a CSV export. */
export const feedbackResource: ResourceConfig = {
  path: 'feedback',
  table: 'feedback',
  model: 'Feedback',
  fields: ['conversation_uuid', 'rating', 'comment', 'status'],
  create,
  update: create.partial(),
  list: {
    defaultSort: '-created_at',
    sortable: { rating: 'feedback.rating', status: 'feedback.status' },
    filterable: { rating: 'feedback.rating', status: 'feedback.status', conversation_uuid: 'feedback.conversation_uuid' },
    searchable: ['feedback.comment', 'feedback.conversation_uuid'],
  },
};

export const feedbackRoutes = crudRouter(feedbackResource);
