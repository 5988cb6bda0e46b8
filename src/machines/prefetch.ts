
/**
 * Render-as-you-fetch: a route's first call is sent when the route starts (session restored, or
 * a page whose code is still loading), before its view exists. The view then sends the same event
 * on mount; that one event is answered by the call already in flight instead of a second request
 * that would abort it (and where the view's code was in first, the route's equal event is dropped). Only the first equal event within FRESH_MS is absorbed: any later one (a
 * retry, a revisit) is a real request again.
 */
const FRESH_MS = 10_000;

interface Pending {
  key: string;
  at: number;
  /** Who sent it: the route's loader, or the view (when its code was in first). */
  by: 'route' | 'view';
}

/** Anything that takes events: an actor. */
interface Receiver<E> {
  send(event: E): void;
}

/** Per actor, per channel: an actor whose operations run side by side (the statistics' kinds) has one channel each. */
const pending = new WeakMap<object, Map<string, Pending>>();

function takePending(actor: object, channel: string): Pending | undefined {
  let channels = pending.get(actor);
  if (!channels) pending.set(actor, (channels = new Map()));
  const last = channels.get(channel);
  channels.delete(channel);
  return last;
}

const remember = (actor: object, channel: string, entry: Pending) => pending.get(actor)!.set(channel, entry);

const keyOf = (event: { type: string }, scope: unknown) => JSON.stringify([event, scope ?? null]);

/**
 * Sends the route's first event now and remembers it for the view. `scope`: what else decides the
 * answer (the account filter). `channel`: which of the actor's operations it drives, where several
 * run side by side (a newer event on the same channel supersedes, so it forgets the older one).
 */
export function prefetch<E extends { type: string }>(actor: Receiver<E>, event: E, scope?: unknown, channel = ''): void {
  const key = keyOf(event, scope);
  const last = takePending(actor, channel);
  // The view's code won the race and already asked for exactly this: nothing to start.
  if (last?.by === 'view' && last.key === key && Date.now() - last.at < FRESH_MS) return;
  actor.send(event);
  remember(actor, channel, { key, at: Date.now(), by: 'route' });
}

/** The view's send: skipped once when the same event (in the same scope) was just prefetched. */
export function sendUnlessPrefetched<E extends { type: string }>(actor: Receiver<E>, event: E, scope?: unknown, channel = ''): void {
  const key = keyOf(event, scope);
  const last = takePending(actor, channel);
  if (last?.by === 'route' && last.key === key && Date.now() - last.at < FRESH_MS) return;
  actor.send(event);
  remember(actor, channel, { key, at: Date.now(), by: 'view' });
}
