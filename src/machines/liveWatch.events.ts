import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

/**
 * The payloads of LiveWatchEvent a tester may send, for the inspector's walk forms: what the
 * conversation page sends, and the socket's "lost" report (to see the page offer "Watch again").
 * `watch.answered` and `watch.event` carry the gateway's frames; they are recorded, and a walk
 * form offers them as JSON.
 */
export const liveWatchEventSchemas: EventSchemas = {
  'liveWatch.start': eventSchema('watching a conversation', 'Asks whether the conversation is live, then watches it read-only.', {
    conversationId: field(z.string().check(z.trim(), z.minLength(1)), 'Conversation id', 'Its uuid, as in the address /reporting/conversations/<uuid>'),
  }),
  'liveWatch.stop': eventSchema('no longer watching', 'Closes the watch (what leaving the conversation page does).'),
  'watch.lost': eventSchema('a lost watch', 'The watch socket\'s report that its connection went away.', {
    reason: field(z.string(), 'Reason', 'e.g. The live view lost its connection.'),
  }),
};
