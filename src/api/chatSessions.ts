import { z } from './zod';

/**
 * The gateway's sessions extension (docs/chat-sessions.md): `chat-sessions` answers the user's
 * open chats with their transcripts, and from then on the socket gets every event of them,
 * whichever tab or browser caused it. A gateway that speaks only SPEC §7 never answers.
 */

export interface ListedLine {
  role: 'user' | 'bot' | 'system';
  text: string;
  timestamp: string;
  /** A bot reply's time to first byte, when the gateway measured it. */
  ttfbMs: number | null;
}

export interface ListedChat {
  streamKey: string;
  title: string;
  target: { botId?: string; instanceId?: string };
  ended: boolean;
  /** The stream's last event number at the answer: later events follow on the socket. */
  lastSeq: number;
  /** The chat's conversation in reporting (uuid), when the gateway says. */
  conversationId: string | null;
  transcript: ListedLine[];
  /** The reply being typed at the answer, or null. */
  typing: string | null;
}

const id = z.optional(z.nullable(z.union([z.string(), z.number()])));
const text = (max: number) => z.string().check(z.maxLength(max));

const lineSchema = z.object({
  role: z.enum(['user', 'bot', 'system']),
  text: text(100_000),
  timestamp: z.optional(z.nullable(z.string())),
  ttfbMs: z.optional(z.nullable(z.number())),
});

const chatSchema = z.object({
  streamKey: z.string().check(z.minLength(1), z.maxLength(200)),
  title: z.optional(z.nullable(text(200))),
  target: z.optional(z.nullable(z.object({ botId: id, instanceId: id }))),
  ended: z.optional(z.boolean()),
  lastSeq: z.optional(z.number()),
  conversationId: id,
  transcript: z.optional(z.array(lineSchema).check(z.maxLength(2000))),
  typing: z.optional(z.nullable(text(100_000))),
});

const answerSchema = z.object({ ok: z.literal(true), chats: z.array(z.unknown()).check(z.maxLength(200)) });

const asText = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? undefined : String(value));

/**
 * The answer to `chat-sessions`, or null when it is not one (a gateway that answered something
 * else). A malformed chat is left out, never the whole list.
 */
export function parseSessionsAnswer(raw: unknown, now: () => string = () => new Date().toISOString()): ListedChat[] | null {
  const answer = answerSchema.safeParse(raw);
  if (!answer.success) return null;
  const chats: ListedChat[] = [];
  for (const item of answer.data.chats) {
    const parsed = chatSchema.safeParse(item);
    if (!parsed.success) continue;
    const c = parsed.data;
    const botId = asText(c.target?.botId);
    const instanceId = asText(c.target?.instanceId);
    chats.push({
      streamKey: c.streamKey,
      title: c.title || 'Chat',
      target: { ...(botId ? { botId } : {}), ...(instanceId ? { instanceId } : {}) },
      ended: c.ended ?? false,
      lastSeq: c.lastSeq !== undefined && Number.isSafeInteger(c.lastSeq) && c.lastSeq > 0 ? c.lastSeq : 0,
      conversationId: asText(c.conversationId) ?? null,
      transcript: (c.transcript ?? []).map((line) => ({
        role: line.role,
        text: line.text,
        timestamp: line.timestamp && !Number.isNaN(Date.parse(line.timestamp)) ? new Date(line.timestamp).toISOString() : now(),
        ttfbMs: typeof line.ttfbMs === 'number' && line.ttfbMs >= 0 ? line.ttfbMs : null,
      })),
      typing: c.typing ?? null,
    });
  }
  return chats;
}
