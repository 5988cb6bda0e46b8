import { randomUUID } from 'node:crypto';
import type { Database } from '../db/connection';
import { clock } from '../db/seeds/conversationReports';
import { findInstance, hasTable } from './persona';

/**
 * Live chats in the database (migration chat-001): each chat is a conversation (channel chat,
 * status active while live) whose transcript grows a line per settled message, plus a
 * `chat_sessions` row saying whose open chat it is. The gateway writes settled events only (a
 * message, a finished reply, a system note), never a streaming delta: a reply costs one write.
 */

/** Lines a listed chat brings back (the newest): a client shows more through reporting. */
export const LISTED_LINES = 500;
/** Open chats listed per user (the newest): the console's own bound is 50. */
export const LISTED_CHATS = 50;

export interface StoredLine {
  role: 'user' | 'bot' | 'system';
  text: string;
  at: string;
  ttfbMs: number | null;
}

export interface StoredSession {
  streamKey: string;
  conversationId: number;
  conversationUuid: string;
  userId: number;
  title: string;
  botId: number | null;
  instanceId: number | null;
  lastSeq: number;
  ended: boolean;
  startedAt: string;
}

interface SessionRow {
  stream_key: string;
  conversation_id: number;
  uuid: string;
  user_id: number;
  title: string;
  bot_id: number | null;
  instance_id: number | null;
  last_seq: number;
  status: string;
  started_at: string;
}

const SESSION_SELECT = `
  SELECT s.stream_key, s.conversation_id, c.uuid, s.user_id, s.title, s.bot_id, s.instance_id, s.last_seq, c.status, c.started_at
  FROM chat_sessions s JOIN conversations c ON c.id = s.conversation_id`;

const toSession = (row: SessionRow): StoredSession => ({
  streamKey: row.stream_key,
  conversationId: row.conversation_id,
  conversationUuid: row.uuid,
  userId: row.user_id,
  title: row.title,
  botId: row.bot_id,
  instanceId: row.instance_id,
  lastSeq: row.last_seq,
  ended: row.status !== 'active',
  startedAt: row.started_at,
});

/** The account a chat is reported under: its bot's, else its instance's, else the operator's (else the first account). */
function accountFor(db: Database, target: { botId: number | null; instanceId: number | null }, userId: number): number | null {
  if (target.botId !== null && hasTable(db, 'bots')) {
    const bot = db.prepare('SELECT account_id FROM bots WHERE id = ?').get(target.botId) as { account_id: number | null } | undefined;
    if (bot?.account_id) return bot.account_id;
  }
  if (target.instanceId !== null) {
    const instance = findInstance(db, target.instanceId);
    if (instance?.account_id) return instance.account_id;
  }
  const user = db.prepare('SELECT account_id FROM users WHERE id = ?').get(userId) as { account_id: number | null } | undefined;
  if (user?.account_id) return user.account_id;
  return (db.prepare('SELECT MIN(id) AS id FROM accounts').get() as { id: number | null }).id;
}

/** Opens a chat's conversation and session; null when no account exists to report it under. */
export function createSession(
  db: Database,
  input: { streamKey: string; userId: number; title: string; botId: number | null; instanceId: number | null; startedAt: string },
): StoredSession | null {
  const accountId = accountFor(db, input, input.userId);
  if (accountId === null) return null;
  const uuid = randomUUID();
  const create = db.transaction(() => {
    const conversationId = Number(
      db
        .prepare(`INSERT INTO conversations (uuid, account_id, instance_id, bot_id, channel, direction, status, started_at)
                  VALUES (?, ?, ?, ?, 'chat', 'inbound', 'active', ?)`)
        .run(uuid, accountId, input.instanceId, input.botId, input.startedAt).lastInsertRowid,
    );
    db.prepare('INSERT INTO chat_sessions (stream_key, conversation_id, user_id, title, bot_id, instance_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(input.streamKey, conversationId, input.userId, input.title, input.botId, input.instanceId, input.startedAt);
    return conversationId;
  });
  const conversationId = create();
  return { ...input, conversationId, conversationUuid: uuid, lastSeq: 0, ended: false };
}

export function findSession(db: Database, streamKey: string): StoredSession | null {
  const row = db.prepare(`${SESSION_SELECT} WHERE s.stream_key = ?`).get(streamKey) as SessionRow | undefined;
  return row ? toSession(row) : null;
}

/** One settled line of the transcript; `seq` is the stream's event number now. */
export function appendLine(db: Database, session: Pick<StoredSession, 'conversationId' | 'startedAt' | 'streamKey'>, line: StoredLine, seq: number): void {
  const offset = Math.max(0, (Date.parse(line.at) - Date.parse(session.startedAt)) / 1000);
  db.prepare(
    `INSERT INTO conversation_transcript_lines (conversation_id, position, role, text, time, at, ttfb_ms)
     VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM conversation_transcript_lines WHERE conversation_id = ?), ?, ?, ?, ?, ?)`,
  ).run(session.conversationId, session.conversationId, line.role, line.text, clock(offset), line.at, line.ttfbMs);
  recordSeq(db, session.streamKey, seq);
}

/** Keeps the stream's event number, so a chat re-opened after a restart numbers on from it. */
export function recordSeq(db: Database, streamKey: string, seq: number): void {
  db.prepare('UPDATE chat_sessions SET last_seq = MAX(last_seq, ?) WHERE stream_key = ?').run(seq, streamKey);
}

/** The chat's conversation is completed: no longer counted active; its duration is now known. */
export function endSession(db: Database, streamKey: string, endedAt: string, seq: number): void {
  const session = findSession(db, streamKey);
  if (!session) return;
  const seconds = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(session.startedAt)) / 1000));
  db.prepare("UPDATE conversations SET status = 'completed', ended_at = ?, duration_seconds = ?, updated_at = ? WHERE id = ? AND status = 'active'")
    .run(endedAt, seconds, endedAt, session.conversationId);
  recordSeq(db, streamKey, seq);
}

/** The operator closed the chat: off their list (the conversation stays for reporting). */
export function closeSession(db: Database, streamKey: string, userId: number, closedAt: string): boolean {
  return db.prepare('UPDATE chat_sessions SET closed_at = ? WHERE stream_key = ? AND user_id = ? AND closed_at IS NULL').run(closedAt, streamKey, userId).changes > 0;
}

/** A user's open (not closed) chats, oldest first, the newest LISTED_CHATS of them. */
export function openSessionsOf(db: Database, userId: number): StoredSession[] {
  const rows = db
    .prepare(`SELECT * FROM (${SESSION_SELECT} WHERE s.user_id = ? AND s.closed_at IS NULL ORDER BY s.created_at DESC, s.rowid DESC LIMIT ${LISTED_CHATS}) ORDER BY started_at, stream_key`)
    .all(userId) as SessionRow[];
  return rows.map(toSession);
}

/** The newest LISTED_LINES lines of a chat, oldest first. */
export function linesOf(db: Database, conversationId: number, limit = LISTED_LINES): StoredLine[] {
  const rows = db
    .prepare(`SELECT role, text, at, ttfb_ms, time FROM conversation_transcript_lines WHERE conversation_id = ? ORDER BY position DESC LIMIT ?`)
    .all(conversationId, limit) as { role: StoredLine['role']; text: string; at: string | null; ttfb_ms: number | null }[];
  return rows.reverse().map((row) => ({ role: row.role, text: row.text, at: row.at ?? '', ttfbMs: row.ttfb_ms }));
}
