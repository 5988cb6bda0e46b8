import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

const recordId = () => field(z.string().check(z.minLength(1)), 'Record id', 'The id in the record\'s URL, e.g. 1 for /bots/1');
const query = () => z.optional(field(z.record(z.string(), z.unknown()), 'Query (JSON)', 'e.g. {"page": 1, "search": "demo", "sort": "-id"}'));
const values = () => field(z.record(z.string(), z.unknown()), 'Values (JSON)', 'The fields to save, e.g. {"name": "Renamed"}');

/** The payloads of ResourceEvent, for the inspector's walk forms. */
export const resourceEventSchemas: EventSchemas = {
  'resource.init': eventSchema('reset', 'Back to idle: clears the record and the list (SPEC §4 init).'),
  'resource.browse': eventSchema('listing', 'Loads a page of the list.', { query: query() }),
  'resource.paginate': eventSchema('paging', 'Follows a pagination link of the list.', { url: field(z.string().check(z.minLength(1)), 'Link URL', 'One of the list\'s links (links.next)') }),
  'resource.read': eventSchema('reading a record', 'Loads one record.', { id: recordId() }),
  'resource.add': eventSchema('adding a record', 'Creates a record.', { values: values() }),
  'resource.edit': eventSchema('a record edit', 'Saves changes to a record.', { id: recordId(), values: values() }),
  'resource.delete': eventSchema('deleting a record', 'Deletes a record.', { id: recordId() }),
  'resource.export': eventSchema('an export', 'Downloads the list as a file.', { query: query() }),
  'resource.fetch': eventSchema('fetching options', 'Loads the list used for pickers.', { query: query() }),
  'resource.online': eventSchema('the network back', 'A failed list tries again now (as on the browser\'s online event).'),
  'resource.action': eventSchema('a section action', 'Runs an action of this section (duplicate, import, …).', {
    name: field(z.string().check(z.minLength(1)), 'Action', 'e.g. duplicate'),
    input: z.optional(field(z.unknown(), 'Input (JSON)')),
  }),
};
