import type { Namespace, Socket } from 'socket.io';
import type { Database } from '../db/connection';
import { GLOBAL_LEVEL } from '../auth/models';
import { can, computePermissions, type PermissionSet } from '../auth/permissions';
import { findSessionByChatToken, isSessionLive } from '../auth/sessions';
import { findUserById, type AuthUser } from '../auth/users';
import { MAX_SOCKETS_PER_USER } from '../chat/socketLimits';
import { COALESCE_MS, LIVE_EVENTS, MAX_IDS_PER_EVENT, MAX_PENDING_GROUPS, type ChangeKind, type RecordsChanged } from './protocol';
import type { LiveResource } from './resources';

/** Who a live socket is; `subscribed` once it asked for changes. */
interface LiveSocketData {
  userId: number;
  sessionId: string;
  subscribed: boolean;
}

/** One resource's changes of one kind in one account, waiting for the next flush. */
interface PendingGroup {
  live: LiveResource;
  kind: ChangeKind;
  accountId: number | null;
  ids: Set<string>;
  more: boolean;
}

/** A change as the write path reports it: which records of which resource, in which account. */
export interface RecordChange {
  live: LiveResource;
  kind: ChangeKind;
  /** The records' account; null when unknown (only global-scope users hear it then). */
  accountId: number | null;
  ids: readonly string[];
}

const dataOf = (socket: Socket) => socket.data as LiveSocketData;

/**
 * THE place changes are announced from: every write reports here (server/live/writes.ts for HTTP,
 * chatWrites.ts for the gateway's chats); changes are gathered for COALESCE_MS, then each
 * subscribed socket hears the groups its user may browse: the model's browse permission, and the
 * record's account inside the user's scope (level 9 = every account). Sessions that ended since
 * are dropped at that moment.
 */
export class LiveHub {
  private readonly pending = new Map<string, PendingGroup>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly db: Database, private readonly namespace: Namespace) {
    namespace.use((socket, next) => {
      const access = this.authenticate(socket.handshake.auth);
      if (typeof access === 'string') return next(new Error(access));
      const held = [...namespace.sockets.values()].filter((other) => dataOf(other).userId === access.userId).length;
      if (held >= MAX_SOCKETS_PER_USER) return next(new Error('too many connections'));
      socket.data = access;
      next();
    });
    namespace.on('connection', (socket) => {
      socket.on(LIVE_EVENTS.subscribe, (_payload: unknown, ack?: unknown) => {
        dataOf(socket).subscribed = true;
        if (typeof ack === 'function') (ack as (answer: { ok: true }) => void)({ ok: true });
      });
    });
  }

  /** The handshake's `auth.token` is the chat_session cookie of a live session of a verified user. */
  private authenticate(auth: unknown): LiveSocketData | 'unauthenticated' | 'unverified' {
    const token = typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
    const session = typeof token === 'string' ? findSessionByChatToken(this.db, token) : null;
    const user = session ? findUserById(this.db, session.user_id) : null;
    if (!session || !user) return 'unauthenticated';
    if (!user.email_verified_at) return 'unverified';
    return { userId: user.id, sessionId: session.id, subscribed: false };
  }

  publish(change: RecordChange): void {
    if (change.ids.length === 0) return;
    const key = `${change.live.resource}|${change.kind}|${change.accountId ?? '*'}`;
    let group = this.pending.get(key);
    if (!group) {
      if (this.pending.size >= MAX_PENDING_GROUPS) this.flush();
      group = { live: change.live, kind: change.kind, accountId: change.accountId, ids: new Set(), more: false };
      this.pending.set(key, group);
    }
    for (const id of change.ids) {
      if (group.ids.size >= MAX_IDS_PER_EVENT && !group.ids.has(id)) group.more = true;
      else group.ids.add(id);
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), COALESCE_MS);
      this.timer.unref?.();
    }
  }

  /** Sends what gathered to every subscribed socket allowed to hear it. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const groups = [...this.pending.values()];
    this.pending.clear();
    if (groups.length === 0) return;
    const users = new Map<number, { user: AuthUser; permissions: PermissionSet } | null>();
    for (const socket of this.namespace.sockets.values()) {
      const data = dataOf(socket);
      if (!data.subscribed) continue;
      if (!isSessionLive(this.db, data.sessionId)) {
        socket.disconnect(true);
        continue;
      }
      if (!users.has(data.userId)) {
        const user = findUserById(this.db, data.userId);
        users.set(data.userId, user ? { user, permissions: computePermissions(this.db, user) } : null);
      }
      const who = users.get(data.userId);
      if (!who) continue;
      for (const group of groups) {
        if (!mayHear(who.user, who.permissions, group)) continue;
        const payload: RecordsChanged = { resource: group.live.resource, kind: group.kind, ids: [...group.ids] };
        if (group.more) payload.more = true;
        socket.emit(LIVE_EVENTS.changed, payload);
      }
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.namespace.disconnectSockets(true);
  }
}

/** Browse on the model, and the records' account inside the user's scope for it. */
function mayHear(user: AuthUser, permissions: PermissionSet, group: PendingGroup): boolean {
  if (!can(permissions, group.live.model, 'browse')) return false;
  if (permissions[group.live.model].level >= GLOBAL_LEVEL) return true;
  return group.accountId !== null && group.accountId === user.account_id;
}
