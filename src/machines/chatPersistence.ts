import { z } from '../api/zod';
import type { ChatActor, ChatSnapshot, RestoredChats } from './chat';
import type { ChatStreamActor, RestoredStream } from './chatStream';

/**
 * The open chats kept in sessionStorage (this tab only, gone with it), so a reload brings them
 * back and resumes them on the gateway. Saved for one user: another user's tab never restores them.
 */
export interface ChatStore {
  load(owner: string): RestoredChats | null;
  save(owner: string, chats: RestoredChats): void;
  clear(): void;
}

export const CHAT_STORAGE_KEY = 'agent-portal:chats';
/** Entries kept per chat across a reload (the oldest go first): sessionStorage holds a few MB. */
const MAX_SAVED_ENTRIES = 500;
const MAX_SAVED_CHATS = 50;

const entrySchema = z.union([
  z.object({ id: z.number(), kind: z.literal('message'), role: z.enum(['user', 'bot']), msg: z.string(), timestamp: z.string(), interrupted: z.optional(z.boolean()) }),
  z.object({ id: z.number(), kind: z.literal('system'), text: z.string(), timestamp: z.string() }),
]);

const streamSchema = z.object({
  title: z.string(),
  target: z.object({ accountId: z.optional(z.string()), botId: z.optional(z.string()), instanceId: z.optional(z.string()) }),
  transcript: z.array(entrySchema),
  typing: z.nullable(z.string()),
  typingStartedAt: z.nullable(z.string()),
  ended: z.boolean(),
  endedByReload: z.boolean(),
  unread: z.number(),
  draft: z.string(),
  ttfbCount: z.number(),
  ttfbTotalMs: z.number(),
  lastTtfbMs: z.nullable(z.number()),
  lastActivityAt: z.optional(z.nullable(z.string())),
  kind: z.optional(z.enum(['chat', 'call'])),
});

const savedSchema = z.object({
  version: z.literal(1),
  owner: z.string(),
  currentKey: z.nullable(z.string()),
  opened: z.number(),
  chats: z.array(z.object({ streamKey: z.string(), lastSeq: z.number(), stream: streamSchema })),
});

/** The store over `storage` (sessionStorage in the browser); a missing or full storage keeps nothing, quietly. */
export function createChatStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined, key = CHAT_STORAGE_KEY): ChatStore {
  return {
    load(owner) {
      try {
        const raw = storage?.getItem(key);
        if (!raw) return null;
        const parsed = savedSchema.safeParse(JSON.parse(raw));
        if (!parsed.success || parsed.data.owner !== owner) return null;
        const { currentKey, opened, chats } = parsed.data;
        return { currentKey, opened, chats };
      } catch {
        return null;
      }
    },
    save(owner, chats) {
      try {
        if (chats.chats.length === 0) storage?.removeItem(key);
        else storage?.setItem(key, JSON.stringify({ version: 1, owner, ...chats }));
      } catch {
        // Full or forbidden storage: the chats still run, they just will not survive a reload.
      }
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}

function captureStream(ref: ChatStreamActor): RestoredStream {
  const snapshot = ref.getSnapshot();
  const c = snapshot.context;
  const typing = snapshot.matches({ open: 'typing' });
  return {
    title: c.title,
    target: c.target,
    transcript: c.transcript.slice(-MAX_SAVED_ENTRIES),
    typing: typing ? c.typing : null,
    typingStartedAt: typing ? c.typingStartedAt : null,
    ended: snapshot.matches('ended'),
    endedByReload: c.endedByReload,
    unread: c.unread,
    draft: c.draft,
    ttfbCount: c.ttfbCount,
    ttfbTotalMs: c.ttfbTotalMs,
    lastTtfbMs: c.lastTtfbMs,
    lastActivityAt: c.lastActivityAt,
    kind: c.kind,
  };
}

/** What a reload needs to bring the chats back: each stream's state and the last event it saw. */
export function captureChats(snapshot: ChatSnapshot): RestoredChats {
  const { chats, currentKey, opened, lastSeq } = snapshot.context;
  return {
    currentKey,
    opened,
    chats: chats.slice(-MAX_SAVED_CHATS).map((chat) => ({ streamKey: chat.streamKey, lastSeq: lastSeq[chat.streamKey] ?? 0, stream: captureStream(chat.ref) })),
  };
}

export interface KeepStoredOptions {
  /** The signed-in user now (null: nobody, nothing is saved). */
  owner: () => string | null;
  /** Longest a change waits before it is saved; page hide saves at once. */
  intervalMs?: number;
  /** Where `pagehide` is listened for (the window in a browser). */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Saves the chat actor's chats whenever they change: throttled (a streaming reply changes them a
 * hundred times a second), and at once when the page goes (a reload, a closed tab).
 */
export function keepChatsStored(actor: ChatActor, store: ChatStore, options: KeepStoredOptions): () => void {
  const intervalMs = options.intervalMs ?? 400;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const streams = new Map<ChatStreamActor, { unsubscribe(): void }>();

  const save = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const owner = options.owner();
    // Signed out: the chats were reset, and the next user of this tab must not get them back.
    if (owner === null) store.clear();
    else store.save(owner, captureChats(actor.getSnapshot()));
  };
  const changed = () => {
    if (timer === null) timer = setTimeout(save, intervalMs);
  };
  const follow = (snapshot: ChatSnapshot) => {
    const live = new Set(snapshot.context.chats.map((chat) => chat.ref));
    for (const [ref, subscription] of streams) {
      if (!live.has(ref)) {
        subscription.unsubscribe();
        streams.delete(ref);
      }
    }
    for (const ref of live) if (!streams.has(ref)) streams.set(ref, ref.subscribe(changed));
    changed();
  };

  const release = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    subscription.unsubscribe();
    for (const s of streams.values()) s.unsubscribe();
    streams.clear();
    options.target?.removeEventListener('pagehide', save);
  };
  // The root stops the chat actor when the session ends: its chats must not come back after a reload.
  const sessionEnded = () => {
    release();
    store.clear();
  };
  const subscription = actor.subscribe({ next: follow, complete: sessionEnded, error: sessionEnded });
  follow(actor.getSnapshot());
  options.target?.addEventListener('pagehide', save);
  return () => {
    save();
    release();
  };
}
