import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context';
import { demoReply, toDeltas } from './demoReply';
import { streamCompletion, streamableLlm, type LlmTurn } from './llmStream';
import { boundHistory, handshakeAllowed, MAX_SOCKETS_PER_USER } from './socketLimits';
import { resolvePersona, type Persona } from './persona';
import { CLIENT_EVENTS, SERVER_EVENTS, type ResumeAnswer, type SessionsAnswer, type StreamEvent, type StreamMessage, type WatchAnswer, type WatchedLine, type WatchMessage } from './protocol';
import { watchableConversation } from './liveWatch';
import { newTally, recordEvent, type ReplyTally } from './sessionRecorder';
import { closeSession, createSession, findSession, linesOf, openSessionsOf, recordSeq, type StoredSession } from './sessionStore';
import { socketAccessByToken, watchSocketAccess, type SocketAccess } from './socketAccess';
import { anySignal, sleep } from './timers';
import { announceChatEvent } from '../live';

export interface ChatGatewayOptions {
  /** Pause before the first byte of a demo reply (ms). */
  firstByteDelayMs: number;
  /** Pause between demo reply deltas (ms). */
  deltaIntervalMs: number;
  /** Outbound call progress: when ringing, answered and completed are reported (ms after dialing). */
  callSteps: { ringing: number; answered: number; completed: number };
  /**
   * How long a chat outlives its socket (ms): replies keep streaming into its replay buffer, and a
   * `chat-resume` from the same user's next socket (a reload, a reconnect) takes it back.
   */
  resumeGraceMs: number;
  /**
   * Answer `chat-resume`, `chat-sessions` and `chat-close` (our protocol extensions); off, the
   * gateway speaks plain SPEC §7 (tests of the portal's fallback). Chats are stored either way.
   */
  resumable: boolean;
}

export const DEFAULT_GATEWAY_OPTIONS: ChatGatewayOptions = {
  firstByteDelayMs: 250,
  deltaIntervalMs: 35,
  callSteps: { ringing: 1200, answered: 3000, completed: 7000 },
  resumeGraceMs: 5 * 60_000,
  resumable: true,
};

/** What the chat shows whenever the bot's model fails, whatever the reason. */
export const MODEL_UNREACHABLE = 'The model could not be reached; the demo bot answered instead.';

/** Chats per user kept for reconnects; the oldest ended ones go first. */
const MAX_CHATS_PER_USER = 100;
const MAX_MESSAGE_CHARS = 4000;
/** Events kept per chat for `chat-resume`: a client further behind than this is told the stream is gone. */
const REPLAY_BUFFER = 2000;

/** A connected socket; userId, sessionId and accountId (kept current by socketAccess.ts) come from SocketAccess. */
interface Client extends SocketAccess {
  clientId: string;
  socket: Socket;
}

interface Chat {
  streamKey: string;
  userId: number;
  clientId: string;
  persona: Persona;
  ended: boolean;
  history: LlmTurn[];
  reply: AbortController | null;
  typing: boolean;
  createdAt: number;
  /** Sequence number of the last event sent on this stream (events count from 1). */
  seq: number;
  /** The latest events, oldest first, for replay after a resume. */
  sent: StreamMessage[];
  /** Running while no socket holds the chat: at the end of the grace period the stream is gone. */
  grace: ReturnType<typeof setTimeout> | null;
  /** Its stored session (a conversation in reporting); null for a call's progress stream. */
  session: StoredSession | null;
  tally: ReplyTally;
  /** Its conversation in reporting (uuid): a chat's, or the call's row; its watchers' room is named by it. */
  conversationUuid: string | null;
}

/** The room of a user's sockets that asked for `chat-sessions`: every event of their chats goes there. */
const userRoom = (userId: number) => `chats:user:${userId}`;
/** The room of the sockets watching a conversation read-only (live-watch extension). */
const watchRoom = (conversationUuid: string) => `watch:conversation:${conversationUuid}`;
const WATCH_PREFIX = 'watch:conversation:';
/** Conversations one socket may watch at once. */
const MAX_WATCHED_PER_SOCKET = 10;
const shortString = (value: unknown, max = 100): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

export interface BenchResult {
  /** The text each stream should have assembled. */
  expected: Map<string, string>;
  delivered: number;
  elapsedMs: number;
}

const asId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The reference chat gateway: socket.io on the API's own HTTP server (websocket transport only),
 * handshake `auth.token` = the chat_session cookie. Chats live in memory keyed by stream key and
 * survive a client's reconnect (the next message from the user's new socket takes the chat over).
 *
 * Resume extension (beyond SPEC §7): every `stream-message` carries `seq`, counting from 1 per
 * stream. When a socket goes, its chats live on for `resumeGraceMs` (replies keep streaming into a
 * bounded buffer); `chat-resume {streamKey, afterSeq}` from the same user re-sends every event after
 * `afterSeq` on the new socket, then acknowledges `{ok: true, lastSeq}`, or `{ok: false, error:
 * 'gone'}` when the stream expired, was never this user's, or fell out of the buffer.
 */
export class ChatGateway {
  readonly io: Server;
  readonly options: ChatGatewayOptions;
  private readonly clients = new Map<string, Client>();
  private readonly chats = new Map<string, Chat>();
  private readonly shutdown = new AbortController();

  constructor(httpServer: http.Server, private readonly ctx: AppContext, options: Partial<ChatGatewayOptions> = {}) {
    this.options = { ...DEFAULT_GATEWAY_OPTIONS, ...options };
    this.io = new Server(httpServer, {
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: 64 * 1024,
      allowRequest: (request, callback) => callback(null, handshakeAllowed(ctx.site, request)),
    });
    this.io.use((socket, next) => {
      const result = this.authenticate(socket.handshake.auth);
      if (typeof result === 'string') return next(new Error(result));
      const held = [...this.clients.values()].filter((client) => client.userId === result.userId).length;
      if (held >= MAX_SOCKETS_PER_USER) return next(new Error('too many connections'));
      socket.data = result;
      next();
    });
    this.io.on('connection', (socket) => this.connected(socket));
    // Sockets end with their session and follow their user's current permissions and scope.
    watchSocketAccess(ctx, () => this.clients.values(), (client) => this.recheckWatches(client));
  }

  /** 'unauthenticated' / 'unverified' / 'forbidden' become the client's connect_error message. */
  private authenticate(auth: unknown): SocketAccess | string {
    return socketAccessByToken(this.ctx.db, isRecord(auth) ? auth.token : undefined);
  }

  private connected(socket: Socket): void {
    const { userId, accountId, sessionId } = socket.data as SocketAccess;
    const client: Client = { clientId: randomUUID(), socket, userId, accountId, sessionId };
    this.clients.set(client.clientId, client);
    socket.emit(SERVER_EVENTS.clientId, client.clientId);

    socket.on(CLIENT_EVENTS.newChat, (payload: unknown) => {
      const target = isRecord(payload) ? payload : {};
      this.openChat(client, { botId: asId(target.botId), instanceId: asId(target.instanceId) }, shortString(target.requestId));
    });
    socket.on(CLIENT_EVENTS.send, (payload: unknown) => {
      if (!isRecord(payload) || typeof payload.streamKey !== 'string' || typeof payload.message !== 'string') return;
      const message = payload.message.trim().slice(0, MAX_MESSAGE_CHARS);
      if (!message || payload.streamKey.length > 100) return;
      const options = isRecord(payload.options) ? payload.options : {};
      const chat = this.chatFor(client, payload.streamKey, { botId: asId(options.botId), instanceId: asId(options.instanceId) });
      if (!chat) return;
      if (chat.ended) {
        this.emit(chat, { type: 'system', text: 'This chat has ended; start a new one to continue.' });
        return;
      }
      // Stored, and echoed to the user's other tabs (the sender shows its own copy; messageId lets it skip this one).
      const messageId = shortString(options.messageId);
      this.emit(chat, { type: 'message', role: 'user', msg: message, ...(messageId ? { messageId } : {}) }, undefined, { toSessionsOnly: true });
      void this.reply(chat, message);
    });
    socket.on(CLIENT_EVENTS.end, (payload: unknown) => {
      const chat = isRecord(payload) ? this.loadChat(client, shortString(payload.streamKey)) : null;
      if (chat) this.endChat(chat, 'Chat ended by the operator.');
    });
    // The client has shown a completed reply: nothing to do in the reference server but confirm.
    socket.on(CLIENT_EVENTS.textEnd, (_payload: unknown, ack?: unknown) => {
      if (typeof ack === 'function') ack({ ok: true });
    });
    if (this.options.resumable) {
      socket.on(CLIENT_EVENTS.resume, (payload: unknown, ack?: unknown) => {
        if (typeof ack !== 'function') return;
        const streamKey = isRecord(payload) && typeof payload.streamKey === 'string' ? payload.streamKey : '';
        const afterSeq = isRecord(payload) && typeof payload.afterSeq === 'number' && Number.isSafeInteger(payload.afterSeq) ? payload.afterSeq : 0;
        (ack as (answer: ResumeAnswer) => void)(this.resume(client, streamKey, afterSeq));
      });
      socket.on(CLIENT_EVENTS.sessions, (_payload: unknown, ack?: unknown) => {
        if (typeof ack !== 'function') return;
        (ack as (answer: SessionsAnswer) => void)(this.listSessions(client));
      });
      socket.on(CLIENT_EVENTS.close, (payload: unknown) => {
        const chat = isRecord(payload) ? this.loadChat(client, shortString(payload.streamKey)) : null;
        if (!chat) return;
        this.endChat(chat, 'Chat ended by the operator.');
        if (closeSession(this.ctx.db, chat.streamKey, client.userId, new Date().toISOString())) {
          this.io.to(userRoom(client.userId)).emit(SERVER_EVENTS.closed, { streamKey: chat.streamKey });
        }
        this.forget(chat);
      });
    }
    // Live watch (docs/live-watch.md): read-only, checked against the user's permissions each time.
    socket.on(CLIENT_EVENTS.watch, (payload: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      const key = isRecord(payload) ? shortString(payload.conversationId) : undefined;
      (ack as (answer: WatchAnswer) => void)(this.watch(client, key ?? ''));
    });
    socket.on(CLIENT_EVENTS.unwatch, (payload: unknown) => {
      const key = isRecord(payload) ? shortString(payload.conversationId) : undefined;
      if (key) void socket.leave(watchRoom(key.toLowerCase()));
    });
    socket.on('disconnect', () => {
      this.clients.delete(client.clientId);
      // Another tab of the same user in step with the chats takes them over; else the grace period runs.
      const heir = [...this.clients.values()].find((other) => other.userId === client.userId && other.socket.rooms.has(userRoom(client.userId)));
      for (const chat of this.chats.values()) {
        if (chat.clientId !== client.clientId) continue;
        if (heir) chat.clientId = heir.clientId;
        else this.startGrace(chat);
      }
    });
  }

  /** The chat outlives its socket for the grace period; then its reply stops and the stream is gone. */
  private startGrace(chat: Chat): void {
    this.stopGrace(chat);
    const expire = () => {
      chat.grace = null;
      if (this.clients.has(chat.clientId)) return;
      this.cutReply(chat, 'No one was connected to this chat for a while: the reply stopped here.');
      chat.reply?.abort(new Error('client gone'));
      this.forget(chat);
    };
    if (this.options.resumeGraceMs <= 0) return expire();
    chat.grace = setTimeout(expire, this.options.resumeGraceMs);
    chat.grace.unref?.();
  }

  private stopGrace(chat: Chat): void {
    if (chat.grace) clearTimeout(chat.grace);
    chat.grace = null;
  }

  /** Joins the conversation's watchers and answers what it holds so far; why not otherwise. */
  private watch(client: Client, key: string): WatchAnswer {
    const found = watchableConversation(this.ctx.db, client.userId, key);
    if (typeof found === 'string') return { ok: false, error: found };
    if (!found.live) return { ok: false, error: 'not-live' };
    const room = watchRoom(found.uuid);
    const watched = [...client.socket.rooms].filter((name) => name.startsWith(WATCH_PREFIX) && name !== room).length;
    if (watched >= MAX_WATCHED_PER_SOCKET) return { ok: false, error: 'too-many' };
    const chat = [...this.chats.values()].find((c) => c.conversationUuid === found.uuid);
    // A chat's transcript is stored line by line; a call's progress lives only in its stream.
    const transcript: WatchedLine[] = chat && !chat.session
      ? chat.sent.flatMap((m): WatchedLine[] => (m.event.type === 'system' ? [{ role: 'system', text: m.event.text, timestamp: m.timestamp }] : m.event.type === 'message' ? [{ role: m.event.role, text: m.event.msg, timestamp: m.timestamp }] : []))
      : linesOf(this.ctx.db, found.id).map((line) => ({ role: line.role, text: line.text, timestamp: line.at }));
    void client.socket.join(room);
    return { ok: true, conversationId: found.uuid, channel: found.channel, lastSeq: chat?.seq ?? 0, transcript, typing: chat?.typing ? chat.tally.text : null };
  }

  /** A watcher whose permissions or account changed leaves the conversations no longer theirs to watch. */
  private recheckWatches(client: Client): void {
    for (const room of client.socket.rooms) {
      if (!room.startsWith(WATCH_PREFIX)) continue;
      const found = watchableConversation(this.ctx.db, client.userId, room.slice(WATCH_PREFIX.length));
      if (typeof found === 'string') void client.socket.leave(room);
    }
  }

  /** Hands `streamKey` to this client and re-sends what came after `afterSeq`, in order, once. */
  private resume(client: Client, streamKey: string, afterSeq: number): ResumeAnswer {
    const chat = this.loadChat(client, streamKey || undefined, false);
    if (!chat) return { ok: false, error: 'gone' };
    const firstKept = chat.sent[0]?.seq ?? chat.seq + 1;
    // Ahead of the stream (numbered anew after a restart) or behind the buffer: not resumable.
    if (afterSeq > chat.seq || (afterSeq < chat.seq && firstKept > afterSeq + 1)) return { ok: false, error: 'gone' };
    const missed = chat.sent.filter((message) => (message.seq ?? 0) > afterSeq);
    this.stopGrace(chat);
    chat.clientId = client.clientId;
    for (const message of missed) client.socket.emit(SERVER_EVENTS.streamMessage, message);
    return { ok: true, lastSeq: chat.seq };
  }

  /** The chat under `streamKey` for this user, taken over by this client; unknown keys are re-opened (after a server restart). */
  private chatFor(client: Client, streamKey: string, target: { botId: number | null; instanceId: number | null }): Chat | null {
    if (this.chats.has(streamKey) || findSession(this.ctx.db, streamKey)) return this.loadChat(client, streamKey);
    return this.register(client, streamKey, resolvePersona(this.ctx.db, target, client.accountId));
  }

  /**
   * This user's chat under `streamKey`: the live one, or its stored session brought back to memory
   * (after the grace period, a server restart). `takeOver`: this client holds it from now on.
   */
  private loadChat(client: Client, streamKey: string | undefined, takeOver = true): Chat | null {
    if (!streamKey) return null;
    let chat = this.chats.get(streamKey);
    if (!chat) {
      const session = findSession(this.ctx.db, streamKey);
      if (!session || session.userId !== client.userId) return null;
      const persona = resolvePersona(this.ctx.db, session, client.accountId);
      chat = { ...this.newChat({ streamKey, userId: client.userId, clientId: client.clientId, persona }), session, ended: session.ended, seq: session.lastSeq, conversationUuid: session.conversationUuid };
      for (const line of linesOf(this.ctx.db, session.conversationId, 40)) {
        if (line.role !== 'system') chat.history.push({ role: line.role === 'bot' ? 'assistant' : 'user', content: line.text });
      }
      this.chats.set(streamKey, chat);
    }
    if (chat.userId !== client.userId) return null;
    if (takeOver) {
      this.stopGrace(chat);
      chat.clientId = client.clientId;
    }
    return chat;
  }

  private register(client: Client, streamKey: string, persona: Persona): Chat {
    const chat = this.newChat({ streamKey, userId: client.userId, clientId: client.clientId, persona });
    chat.session = createSession(this.ctx.db, { streamKey, userId: client.userId, title: persona.name, botId: persona.botId, instanceId: persona.instanceId, startedAt: new Date(chat.createdAt).toISOString() });
    chat.conversationUuid = chat.session?.conversationUuid ?? null;
    this.chats.set(streamKey, chat);
    this.prune(client.userId);
    return chat;
  }

  /** Drops a chat from memory; its stored session keeps the event count for when it comes back. */
  private forget(chat: Chat): void {
    this.stopGrace(chat);
    if (chat.session) recordSeq(this.ctx.db, chat.streamKey, chat.seq);
    this.chats.delete(chat.streamKey);
  }

  /** The user's open chats with their stored transcripts; this socket gets every later event of them. */
  private listSessions(client: Client): SessionsAnswer {
    client.socket.join(userRoom(client.userId));
    const chats = openSessionsOf(this.ctx.db, client.userId).map((session) => {
      const live = this.chats.get(session.streamKey);
      return {
        streamKey: session.streamKey,
        title: session.title,
        target: { ...(session.botId !== null ? { botId: String(session.botId) } : {}), ...(session.instanceId !== null ? { instanceId: String(session.instanceId) } : {}) },
        ended: live ? live.ended : session.ended,
        lastSeq: live ? live.seq : session.lastSeq,
        startedAt: session.startedAt,
        conversationId: session.conversationUuid,
        transcript: linesOf(this.ctx.db, session.conversationId).map((line) => ({
          role: line.role,
          text: line.text,
          timestamp: line.at,
          ...(line.ttfbMs !== null ? { ttfbMs: line.ttfbMs } : {}),
        })),
        typing: live?.typing ? live.tally.text : null,
      };
    });
    return { ok: true, chats };
  }

  private prune(userId: number): void {
    const mine = [...this.chats.values()].filter((c) => c.userId === userId);
    if (mine.length <= MAX_CHATS_PER_USER) return;
    mine.sort((a, b) => Number(b.ended) - Number(a.ended) || a.createdAt - b.createdAt);
    for (const chat of mine.slice(0, mine.length - MAX_CHATS_PER_USER)) {
      chat.reply?.abort(new Error('pruned'));
      this.forget(chat);
    }
  }

  openChat(client: Client, target: { botId: number | null; instanceId: number | null }, requestId?: string): string {
    const persona = resolvePersona(this.ctx.db, target, client.accountId);
    const chat = this.register(client, randomUUID(), persona);
    this.emit(chat, { type: 'system', text: `Chat started with ${persona.name}.` }, persona.name, { requestId });
    this.emit(chat, { type: 'message', role: 'bot', msg: persona.greeting });
    chat.history.push({ role: 'assistant', content: persona.greeting });
    boundHistory(chat.history);
    return chat.streamKey;
  }

  private newChat(base: Pick<Chat, 'streamKey' | 'userId' | 'clientId' | 'persona'>): Chat {
    return { ...base, ended: false, history: [], reply: null, typing: false, createdAt: Date.now(), seq: 0, sent: [], grace: null, session: null, tally: newTally(), conversationUuid: null };
  }

  /**
   * Numbers one event of a chat, keeps it for replay, stores what it settles, and sends it to the
   * client that holds the chat now and to the user's sockets in step with their sessions; false
   * when none is there (the event waits in the buffer for a resume). `toSessionsOnly`: not to a
   * holder that speaks plain SPEC §7 (the echo of its own message would show twice there).
   */
  private emit(chat: Chat, event: StreamEvent, title?: string, extra: { requestId?: string | undefined; toSessionsOnly?: boolean } = {}): boolean {
    chat.seq += 1;
    const message: StreamMessage = { streamKey: chat.streamKey, timestamp: new Date().toISOString(), seq: chat.seq, event };
    if (title !== undefined) message.title = title;
    if (extra.requestId !== undefined) message.requestId = extra.requestId;
    if (chat.sent.push(message) > REPLAY_BUFFER) chat.sent.splice(0, chat.sent.length - REPLAY_BUFFER);
    if (chat.session) recordEvent(this.ctx.db, chat.session, chat.tally, event, message.timestamp, chat.seq);
    announceChatEvent(this.ctx, chat.streamKey, chat.seq, event.type);
    // A call's progress (no session) goes to the tab that placed it, as before.
    const room = userRoom(chat.userId);
    const inStep = chat.session ? (this.io.sockets.adapter.rooms.get(room)?.size ?? 0) : 0;
    const client = extra.toSessionsOnly ? undefined : this.clients.get(chat.clientId);
    if (inStep > 0) this.io.to(client ? [room, client.socket.id] : room).emit(SERVER_EVENTS.streamMessage, message);
    else client?.socket.emit(SERVER_EVENTS.streamMessage, message);
    if (chat.conversationUuid) this.toWatchers(chat.conversationUuid, message);
    return inStep > 0 || !!client;
  }

  /** Watchers get every event read-only, named by conversation (not by the operator's stream key). */
  private toWatchers(conversationUuid: string, message: StreamMessage): void {
    const room = watchRoom(conversationUuid);
    if (!this.io.sockets.adapter.rooms.get(room)?.size) return;
    // The sending tab's message id means nothing to a watcher.
    const event = message.event.type === 'message' ? { type: 'message' as const, role: message.event.role, msg: message.event.msg } : message.event;
    const watched: WatchMessage = { conversationId: conversationUuid, timestamp: message.timestamp, seq: message.seq ?? 0, event };
    this.io.to(room).emit(SERVER_EVENTS.watchMessage, watched);
  }

  private async reply(chat: Chat, message: string): Promise<void> {
    chat.reply?.abort(new Error('superseded'));
    if (chat.typing) this.endTyping(chat);
    const controller = new AbortController();
    chat.reply = controller;
    const signal = anySignal(controller.signal, this.shutdown.signal);
    chat.history.push({ role: 'user', content: message });
    boundHistory(chat.history);
    let text = '';
    const push = (delta: string) => {
      if (!chat.typing) {
        this.emit(chat, { type: 'ttfb-received' });
        this.emit(chat, { type: 'typing-delta-start' });
        chat.typing = true;
      }
      text += delta;
      this.emit(chat, { type: 'typing-delta', delta });
    };
    this.emit(chat, { type: 'ttfb-start' });
    try {
      const persona = chat.persona;
      if (streamableLlm(persona)) {
        try {
          const turns: LlmTurn[] = [{ role: 'system', content: persona.instructions }, ...chat.history.slice(-20)];
          await streamCompletion(persona, turns, push, AbortSignal.any([signal, AbortSignal.timeout(30_000)]));
          if (!chat.typing) throw new Error('The model sent no text.');
        } catch (error) {
          if (signal.aborted) throw error;
          if (chat.typing) {
            this.emit(chat, { type: 'system', text: 'The model stopped answering part-way; its reply is incomplete.' });
            return;
          }
          // One neutral text: the reason (refused address, connection refused, HTTP status) would
          // tell a user which internal hosts and ports exist.
          this.emit(chat, { type: 'system', text: MODEL_UNREACHABLE });
          await this.streamDemo(chat, message, push, signal);
        }
      } else {
        await this.streamDemo(chat, message, push, signal);
      }
    } catch {
      return; // aborted: the chat ended, the client left or the server is closing
    } finally {
      if (chat.reply === controller) chat.reply = null;
      if (chat.typing && !signal.aborted) this.endTyping(chat);
      if (text) chat.history.push({ role: 'assistant', content: text });
      boundHistory(chat.history);
    }
  }

  private async streamDemo(chat: Chat, message: string, push: (delta: string) => void, signal: AbortSignal): Promise<void> {
    await sleep(this.options.firstByteDelayMs, signal);
    const deltas = toDeltas(demoReply(chat.persona, message));
    for (const [index, delta] of deltas.entries()) {
      if (index > 0) await sleep(this.options.deltaIntervalMs, signal);
      push(delta);
    }
  }

  /** A reply the gateway stops part-way is kept (and stored) as far as it came, with a note saying so. */
  private cutReply(chat: Chat, note: string): void {
    if (!chat.typing) return;
    this.endTyping(chat);
    this.emit(chat, { type: 'system', text: note });
  }

  private endTyping(chat: Chat): void {
    chat.typing = false;
    this.emit(chat, { type: 'typing-delta-end' });
  }

  endChat(chat: Chat, text: string): void {
    if (chat.ended) return;
    this.stopGrace(chat);
    chat.reply?.abort(new Error('ended'));
    if (chat.typing) this.endTyping(chat);
    chat.ended = true;
    this.emit(chat, { type: 'system', text });
    this.emit(chat, { type: 'terminate' });
  }

  /** A chat's kept history (tests and diagnostics; never sent to a client). */
  historyOf(streamKey: string): readonly LlmTurn[] | undefined {
    return this.chats.get(streamKey)?.history;
  }

  /** The connected client with this id, if it belongs to `userId`. */
  clientOf(clientId: string, userId: number): { clientId: string } | null {
    const client = this.clients.get(clientId);
    return client && client.userId === userId ? { clientId: client.clientId } : null;
  }

  /** Connected clients and their open chats (tests and benchmarks find their streams here). */
  connectedClients(): { clientId: string; userId: number; streamKeys: string[] }[] {
    return [...this.clients.values()].map((client) => ({
      clientId: client.clientId,
      userId: client.userId,
      streamKeys: [...this.chats.values()].filter((c) => c.clientId === client.clientId && !c.ended).map((c) => c.streamKey),
    }));
  }

  /**
   * Reports a scripted sequence on a new stream key to one client: the outbound call's progress.
   * Each step runs at its time; `onDone` runs after the last one even if the client has gone.
   */
  runScript(
    target: { clientId: string; userId: number; streamKey: string; title: string; conversationUuid?: string },
    steps: { atMs: number; event: StreamEvent; run?: () => void }[],
  ): void {
    const chat = this.newChat({ streamKey: target.streamKey, userId: target.userId, clientId: target.clientId, persona: { ...resolvePersona(this.ctx.db, {}, null), name: target.title } });
    chat.conversationUuid = target.conversationUuid ?? null;
    this.chats.set(chat.streamKey, chat);
    let first = true;
    for (const step of steps) {
      const fire = () => {
        step.run?.();
        if (step.event.type === 'terminate') chat.ended = true;
        this.emit(chat, step.event, first ? target.title : undefined);
        first = false;
      };
      if (step.atMs <= 0) fire();
      else void sleep(step.atMs, this.shutdown.signal).then(fire, () => {});
    }
  }

  /**
   * Benchmark driver, never reachable from a client: streams `deltasPerSecond` deltas to every open
   * chat of `clientId` for `seconds`, then ends each reply. Resolves with what each stream should hold.
   */
  async benchStream(clientId: string, rate: { deltasPerSecond: number; seconds: number }): Promise<BenchResult> {
    const chats = [...this.chats.values()].filter((c) => c.clientId === clientId && !c.ended);
    const expected = new Map(chats.map((c) => [c.streamKey, '']));
    const total = Math.round(rate.deltasPerSecond * rate.seconds);
    const sent = new Map(chats.map((c) => [c.streamKey, 0]));
    for (const chat of chats) {
      chat.typing = true;
      this.emit(chat, { type: 'typing-delta-start' });
    }
    let delivered = 0;
    const started = performance.now();
    while (true) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate.deltasPerSecond));
      for (const [index, chat] of chats.entries()) {
        let count = sent.get(chat.streamKey) ?? 0;
        while (count < due) {
          const delta = `c${index}d${count} `;
          if (this.emit(chat, { type: 'typing-delta', delta })) delivered += 1;
          expected.set(chat.streamKey, (expected.get(chat.streamKey) ?? '') + delta);
          count += 1;
        }
        sent.set(chat.streamKey, count);
      }
      if (due >= total) break;
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
    const elapsedMs = performance.now() - started;
    for (const chat of chats) this.endTyping(chat);
    return { expected, delivered, elapsedMs };
  }

  async close(): Promise<void> {
    for (const chat of this.chats.values()) {
      this.cutReply(chat, 'The chat gateway restarted: this reply was cut off.');
      if (chat.session) recordSeq(this.ctx.db, chat.streamKey, chat.seq);
    }
    this.shutdown.abort(new Error('gateway closing'));
    // Not io.close(): that would also close the HTTP server, which createServer's close() owns.
    this.io.disconnectSockets(true);
    this.io.engine.close();
    this.clients.clear();
    for (const chat of this.chats.values()) this.stopGrace(chat);
  }
}

const gateways = new WeakMap<AppContext, ChatGateway>();

/** Attaches the gateway to the API's HTTP server and closes it with the server. */
export function attachChatGateway(httpServer: http.Server, ctx: AppContext, options: Partial<ChatGatewayOptions> = {}): ChatGateway {
  const gateway = new ChatGateway(httpServer, ctx, options);
  gateways.set(ctx, gateway);
  ctx.onClose(() => gateway.close());
  return gateway;
}

/** The gateway of a server's context (the outbound-call route reports through it). */
export function chatGatewayOf(ctx: AppContext): ChatGateway | undefined {
  return gateways.get(ctx);
}
