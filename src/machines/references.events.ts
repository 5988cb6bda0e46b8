import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

const section = () => field(z.string().check(z.minLength(1)), 'Section', 'e.g. llms');

/** The payloads of ReferencesEvent a tester may send, for the inspector's walk forms. */
export const referencesEventSchemas: EventSchemas = {
  'references.need': eventSchema('looking up names', 'Loads the names of these records of a section (one call).', {
    section: section(),
    ids: field(z.array(z.string()), 'Ids (JSON)', 'e.g. ["1", "7"]'),
  }),
  'references.options': eventSchema('loading choices', 'Loads a picker’s records of a section in one account.', {
    section: section(),
    accountId: field(z.nullable(z.string()), 'Account id (JSON)', 'e.g. "2", or null for the filter’s scope'),
    scope: field(z.string().check(z.minLength(1)), 'Scope key', 'e.g. account:2'),
  }),
};
