import type { AnyActorRef } from 'xstate';
import { isCallRunning } from './machines/operation';

/**
 * How long boot holds a signed-in page's first draw for its code and its first calls. Past it
 * React draws what it has (the shell and the page's loading state), as it would without the wait.
 */
export const FIRST_SCREEN_WAIT_MS = 300;

type ActorTree = Pick<AnyActorRef, 'getSnapshot' | 'subscribe'>;

/**
 * The calls running now in the system: each operation (THE family's statechart, `isCallRunning`)
 * among the root's children (the dashboard totals) and their children (each area's and the account
 * filter's operations). Read from the snapshots, so the inspector sees the same thing.
 */
export function runningCalls(root: ActorTree, except: readonly string[] = []): ActorTree[] {
  const running: ActorTree[] = [];
  const visit = (actor: ActorTree, depth: number) => {
    const snapshot = actor.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> };
    if (isCallRunning(snapshot)) running.push(actor);
    if (depth < 2) for (const child of Object.values(snapshot.children ?? {})) if (child && !(depth === 0 && except.includes(child.id))) visit(child, depth + 1);
  };
  visit(root, 0);
  return running;
}

/** Resolves once every call running now (but those under the root's children named in `except`) has its answer (or failure, or was stopped). */
export function callsAnswered(root: ActorTree, except: readonly string[] = []): Promise<void> {
  const running = runningCalls(root, except);
  return Promise.all(
    running.map(
      (operation) =>
        new Promise<void>((resolve) => {
          const done = () => {
            subscription.unsubscribe();
            resolve();
          };
          const subscription = operation.subscribe({ next: (snapshot) => !isCallRunning(snapshot) && done(), error: done, complete: done });
          if (!isCallRunning(operation.getSnapshot())) done();
        }),
    ),
  ).then(() => undefined);
}

/**
 * Boot: whether the first screen can be drawn whole — its code is in and the calls sent for it so
 * far (the page's first call, the shell's accounts) are answered — bounded by `waitMs`. Drawn
 * before, React lays out the shell and the page's loading state, then draws again with the rows:
 * on a cold first page that is ~30 ms more main-thread work while the rows wait behind it.
 * `except`: root children whose calls the first screen does not wait for (their ids).
 */
export function firstScreenReady(root: ActorTree, code: Promise<unknown>, { waitMs = FIRST_SCREEN_WAIT_MS, except = [] }: { waitMs?: number; except?: readonly string[] } = {}): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  const ready = Promise.all([code.catch(() => undefined), callsAnswered(root, except)]).then(() => undefined);
  return Promise.race([ready, bound]).finally(() => clearTimeout(timer));
}
