import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

/** The payloads of AccountFilterEvent, for the inspector's walk forms. */
export const accountFilterEventSchemas: EventSchemas = {
  'accountFilter.load': eventSchema('loading the accounts', 'Loads the accounts the filter offers.'),
  'accountFilter.need': eventSchema('needing the accounts', 'Loads the accounts unless they were asked for already.'),
  'accountFilter.select': eventSchema('choosing an account', 'Scopes every list to one account (empty: all accounts).', {
    accountId: z.nullable(field(z.string(), 'Account id', 'An id from the account filter menu')),
  }),
  'accountFilter.clear': eventSchema('clearing the account filter', 'Shows every account again.'),
};
