import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

const streamKey = () => field(z.string().check(z.minLength(1)), 'Stream key', 'The chat\'s key, as in its actor name chat:<key>');

/** The console's payloads of ChatEvent (socket.* are the gateway's reports), for the inspector's walk forms. */
export const chatEventSchemas: EventSchemas = {
  'chat.connect': eventSchema('connecting', 'Connects to the chat gateway (again, now).'),
  'chat.disconnect': eventSchema('disconnecting', 'Closes the gateway connection; the chats stay.'),
  'chat.reset': eventSchema('a reset', 'Disconnects and forgets every chat (what signing out does).'),
  'chat.open': eventSchema('a new chat', 'Asks the gateway for a new chat.', {
    title: field(z.string(), 'Title', 'Shown until the gateway names the chat, e.g. Demo bot'),
    target: z.object({
      botId: z.optional(field(z.string(), 'Bot id', 'Empty: the demo bot')),
      instanceId: z.optional(field(z.string(), 'Instance id')),
    }),
  }),
  'chat.select': eventSchema('switching chats', 'Makes a chat current.', { streamKey: streamKey() }),
  'chat.next': eventSchema('the next chat', 'Alt+↓: the next chat becomes current.'),
  'chat.previous': eventSchema('the previous chat', 'Alt+↑: the previous chat becomes current.'),
  'chat.send': eventSchema('a message', 'Sends a message in a chat (non-empty text only).', { streamKey: streamKey(), text: field(z.string().check(z.minLength(1)), 'Message') }),
  'chat.end': eventSchema('ending a chat', 'Asks the gateway to end a chat.', { streamKey: streamKey() }),
  'chat.markCall': eventSchema('marking a call', 'Shows a stream as a placed call (Hang up, Contact).', { streamKey: streamKey() }),
  'chat.close': eventSchema('closing a chat', 'Removes a chat from the console.', { streamKey: streamKey() }),
};
