import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

/** The payloads of NavigationEvent, for the inspector's walk forms. */
export const navigationEventSchemas: EventSchemas = {
  'navigation.go': eventSchema('navigation', 'Moves the portal to a path, as a link does.', {
    to: field(z.string().check(z.regex(/^\/(?!\/)/)), 'Path', 'A portal path such as /users or /bots/1/edit'),
    replace: z.optional(field(z.boolean(), 'Replace the current history entry')),
  }),
  'navigation.back': eventSchema('going back', 'Back to the previous route of a navigation flow.', {
    flow: z.optional(field(z.string(), 'Flow', 'A section such as users; empty for the current one')),
    fallback: z.optional(field(z.string().check(z.regex(/^\/(?!\/)/)), 'Fallback', 'Where back leads without history, e.g. /users?page=2')),
  }),
  'navigation.guard': eventSchema('unsaved changes', 'A page has (or no longer has) unsaved changes: leaving asks first.', {
    active: field(z.boolean(), 'Unsaved changes'),
  }),
  'navigation.popped': eventSchema('browser back', 'The browser went back while a page guards unsaved changes.', {
    to: field(z.string().check(z.regex(/^\/(?!\/)/)), 'Path', 'Where the browser went'),
  }),
  'navigation.leave': eventSchema('leaving', 'Leave the page with unsaved changes, as asked.'),
  'navigation.stay': eventSchema('staying', 'Stay on the page with unsaved changes.'),
  'navigation.located': eventSchema('location report', 'What the router reports after it moved.', {
    location: field(z.string().check(z.regex(/^\//)), 'Location', 'Path and query, e.g. /users?page=2'),
  }),
};
