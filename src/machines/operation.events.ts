import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

/** The payloads of OperationEvent, for the inspector's walk forms. */
export const operationEventSchemas: EventSchemas = {
  'operation.start': eventSchema('the call', 'Runs the call (again); a newer start supersedes a running one.', {
    input: z.optional(field(z.unknown(), 'Input (JSON)', 'What the call takes, if anything')),
  }),
  'operation.reset': eventSchema('a reset', 'Back to idle (status 0).'),
};
