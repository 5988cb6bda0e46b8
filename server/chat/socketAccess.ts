import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context';
import type { Database } from '../db/connection';
import { GLOBAL_LEVEL } from '../auth/models';
import { can, computePermissions } from '../auth/permissions';
import { findSessionByChatToken, isSessionLive } from '../auth/sessions';
import { findUserById } from '../auth/users';

/** What a chat socket may do: whose it is, through which session, and whose bots it reaches. */
export interface SocketAccess {
  userId: number;
  sessionId: string;
  /** Accounts whose bots this user may chat with: null = all (Bots level 9). */
  accountId: number | null;
}

/** Why a socket may not (stay) connected; the client sees it as the connect_error message. */
export type SocketRefusal = 'unauthenticated' | 'unverified' | 'forbidden';

function accessFor(db: Database, sessionId: string, userId: number): SocketAccess | SocketRefusal {
  const user = findUserById(db, userId);
  if (!user) return 'unauthenticated';
  if (!user.email_verified_at) return 'unverified';
  const permissions = computePermissions(db, user);
  if (!can(permissions, 'Chat', 'browse')) return 'forbidden';
  return { userId: user.id, sessionId, accountId: permissions.Bots.level >= GLOBAL_LEVEL ? null : user.account_id };
}

/** The handshake: `auth.token` is the chat_session cookie of a live session. */
export function socketAccessByToken(db: Database, token: unknown): SocketAccess | SocketRefusal {
  const session = typeof token === 'string' ? findSessionByChatToken(db, token) : null;
  return session ? accessFor(db, session.id, session.user_id) : 'unauthenticated';
}

/** What an open socket may do now: its session may have ended, its user lost roles or gone. */
export function currentSocketAccess(db: Database, held: Pick<SocketAccess, 'sessionId' | 'userId'>): SocketAccess | SocketRefusal {
  return isSessionLive(db, held.sessionId) ? accessFor(db, held.sessionId, held.userId) : 'unauthenticated';
}

/** An open socket as the gateway holds it; its scope is updated in place. */
export interface HeldSocket extends SocketAccess {
  socket: { disconnect(close?: boolean): unknown };
}

/** After this long without a write, open sockets are checked anyway (a session that expired idle). */
const SWEEP_MS = 60_000;

const watchers = new WeakMap<AppContext, () => void>();

/**
 * Keeps every open chat socket in step with its session and its user: checked again right after
 * any successful write over HTTP (sign-out, password change or reset, roles changed, user deleted,
 * email changed; coalesced to one check per tick) and once a minute. A socket whose session ended
 * or whose user may no longer chat is disconnected; the others take the user's current scope.
 */
export function watchSocketAccess<H extends HeldSocket>(ctx: AppContext, sockets: () => Iterable<H>, stillAllowed?: (held: H) => void): void {
  let pending = false;
  const check = () => {
    pending = false;
    for (const held of [...sockets()]) {
      const access = currentSocketAccess(ctx.db, held);
      if (typeof access === 'string') held.socket.disconnect(true);
      else {
        held.accountId = access.accountId;
        // What else the socket holds (watched conversations) is checked again by its owner.
        stillAllowed?.(held);
      }
    }
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    setImmediate(check);
  };
  const sweep = setInterval(check, SWEEP_MS);
  sweep.unref?.();
  watchers.set(ctx, schedule);
  ctx.onClose(() => {
    clearInterval(sweep);
    watchers.delete(ctx);
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Express middleware: once a write has succeeded, the chat sockets are checked again. Any write
 * may change who may chat (the routes that do are many and grow), and the check costs a few
 * indexed reads per open socket, so no route has to remember to announce it.
 */
export function recheckSocketsAfterWrites(ctx: AppContext): RequestHandler {
  return (req: Request, res, next) => {
    if (WRITES.has(req.method)) {
      res.on('finish', () => {
        if (res.statusCode < 400) watchers.get(ctx)?.();
      });
    }
    next();
  };
}
