import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { formatValue, machineOf, type InspectedActor } from './actors';
import { eventTitle } from './eventForm';
import { redactedPaths, setPath } from './redact';
import { ACTOR_IDS } from '../machines/actorIds';
import { isCallRunning } from '../machines/operation';
import type { Walk } from './walk';

export interface ReplayOptions {
  /** The live actor with this systemId (in a fresh portal, a new actor under the same name). */
  resolveActor: (systemId: string) => InspectedActor | undefined;
  /** Values the tester typed for redacted payload fields, by step index then dotted path. */
  values?: Record<number, Record<string, string>>;
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
  /** Longest wait for an actor to appear, settle before a step, or reach a state after it. */
  timeoutMs?: number;
  /** How long a settled actor must stay put before its state counts as the step's result. */
  quietMs?: number;
}

export type ReplayResult =
  | { ok: true; steps: number; notes: string[] }
  | { ok: false; step: number; message: string; notes: string[] };

type Snap = { status?: string; value?: unknown; _nodes?: AnyMachineSnapshot['_nodes']; children?: Record<string, { getSnapshot(): unknown } | undefined> };

const valueOf = (snapshot: Snap) => (snapshot.value !== undefined ? snapshot.value : snapshot.status);

/**
 * Settled: no invoked work running in its active states (a pending request is not a result). The
 * machine's own root invokes live as long as the actor (the references loader) and never settle.
 */
function isSettled(snapshot: Snap): boolean {
  if (snapshot.status !== 'active') return true;
  return (snapshot._nodes ?? []).every((node) => node.parent === undefined || node.invoke.length === 0) && !callRunningInChild(snapshot);
}

/**
 * A call of THE operation family runs in a spawned child, not in an invoke of the parent's state: a
 * flow waiting in `submitting` for its child's report is not settled.
 */
function callRunningInChild(snapshot: Snap): boolean {
  return Object.values(snapshot.children ?? {}).some((child) => isCallRunning(child?.getSnapshot()));
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Resolves once `done(snapshot)` holds, or at the deadline; `quietMs` asks for it to hold that long. */
function waitFor(actor: InspectedActor, done: (snapshot: Snap) => boolean, settledCounts: boolean, options: Required<Pick<ReplayOptions, 'timeoutMs' | 'quietMs'>>, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      subscription.unsubscribe();
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      const snapshot = actor.getSnapshot() as Snap;
      if (done(snapshot)) return finish();
      if (settledCounts && isSettled(snapshot)) quiet = setTimeout(finish, options.quietMs);
    };
    const deadline = setTimeout(finish, options.timeoutMs);
    const subscription = actor.subscribe({ next: check, error: finish, complete: finish });
    signal?.addEventListener('abort', finish);
    check();
  });
}

/** Present and running: a stopped actor (a flow whose page is gone) takes no events. */
async function actorAppears(options: ReplayOptions, systemId: string, timeoutMs: number): Promise<InspectedActor | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const actor = options.resolveActor(systemId);
    if ((actor && (actor.getSnapshot() as Snap).status === 'active') || Date.now() > until || options.signal?.aborted) return actor;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A state's own words for what it means (`description: 'a signed-in user'`), deepest first. */
export function stateDescription(actor: InspectedActor, value: unknown): string | undefined {
  const machine = machineOf(actor);
  if (!machine) return undefined;
  let found: string | undefined;
  const visit = (node: AnyStateNode, v: unknown) => {
    const entries = typeof v === 'string' ? [[v, undefined] as const] : v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>) : [];
    for (const [key, inner] of entries) {
      const child = node.states[key];
      if (!child) continue;
      if (child.description) found = child.description;
      if (inner !== undefined) visit(child, inner);
    }
  };
  visit(machine.root, value);
  return found;
}

/**
 * When a skipped step's actor is not where the walk had it afterwards (auth still signed out
 * instead of signed in), the reason the rest cannot pass: "sign-in was skipped: the steps after it
 * need a signed-in user." Null when the skip changes nothing the walk relies on.
 */
async function skipBreaksWalk(step: Walk['steps'][number], options: ReplayOptions, timing: { timeoutMs: number; quietMs: number }): Promise<string | null> {
  const actor = await actorAppears(options, step.target, timing.timeoutMs);
  if (!actor) return null;
  await waitFor(actor, isSettled, false, timing, options.signal);
  if (sameValue(valueOf(actor.getSnapshot() as Snap), step.expected)) return null;
  const need = stateDescription(actor, step.expected) ?? `${step.target} in ${formatValue(step.expected)}`;
  return `${await eventTitle(actor, step.event.type)} was skipped: the steps after it need ${need}.`;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Where the portal is now, for a stop's message ("the portal is at /dashboard"). */
function whereNow(options: ReplayOptions): string {
  const location = (options.resolveActor(ACTOR_IDS.navigation)?.getSnapshot() as { context?: { location?: unknown } } | undefined)?.context?.location;
  return typeof location === 'string' ? ` (the portal is at ${location})` : '';
}

/**
 * A `root.spawn` step: the page spawned this actor with logic (a function) that a walk cannot
 * carry, so the replay waits for the page to spawn it again instead of sending it.
 */
function spawnedSystemId(event: AnyEventObject): string | undefined {
  return event.type === 'root.spawn' && typeof event.systemId === 'string' && typeof event.create !== 'function' ? event.systemId : undefined;
}

/** A `navigation.located` step: the router reported this location, so the replay moves the page there. */
function locatedAt(event: AnyEventObject): string | undefined {
  return event.type === 'navigation.located' && typeof event.location === 'string' ? event.location : undefined;
}

const locationOf = (actor: InspectedActor) => (actor.getSnapshot() as { context?: { location?: unknown } }).context?.location;

/**
 * Moves the page to `location` as a link would (`navigation.go`), unless it gets there by itself
 * first (a sign-in redirects to the dashboard): null once it is there, else why it is not.
 */
async function movePage(navigation: InspectedActor, location: string, options: ReplayOptions, timing: { timeoutMs: number; quietMs: number }): Promise<string | null> {
  const there = (snapshot: Snap & { context?: { location?: unknown } }) => snapshot.context?.location === location;
  await waitFor(navigation, there, true, timing, options.signal);
  if (locationOf(navigation) === location) return null;
  navigation.send({ type: 'navigation.go', to: location });
  await waitFor(navigation, there, false, timing, options.signal);
  if (locationOf(navigation) === location) return null;
  const at = String(locationOf(navigation));
  if (navigation.getSnapshot().hasTag?.('asking')) return `the page at ${at} has unsaved changes and asks before leaving.`;
  return `the portal stayed at ${at} for ${seconds(timing.timeoutMs)} (nothing moved the router).`;
}

/**
 * Replays a walk: each step's event goes to the actor with the same systemId, in order, once that
 * actor exists (bounded wait) and has settled; the step passes when the actor reaches the recorded
 * state. Navigation steps move the page, so the actors of the next route start; spawn steps wait
 * for the page to spawn their actor. The replay stops at the first step that cannot pass and says
 * which step and why. A step whose payload had a redacted value is skipped, with a note, unless
 * the tester gave the value.
 */
export async function replayWalk(walk: Walk, options: ReplayOptions): Promise<ReplayResult> {
  const timing = { timeoutMs: options.timeoutMs ?? 10_000, quietMs: options.quietMs ?? 250 };
  const notes: string[] = [];
  for (const [index, step] of walk.steps.entries()) {
    const n = index + 1;
    if (options.signal?.aborted) return { ok: false, step: n, message: `Replay cancelled before step ${n}.`, notes };
    let event: AnyEventObject = step.event;
    const missing: string[] = [];
    for (const path of redactedPaths(step.event)) {
      const given = options.values?.[index]?.[path.join('.')];
      if (given) event = setPath(event, path, given) as AnyEventObject;
      else missing.push(path.join('.'));
    }
    if (missing.length > 0) {
      notes.push(`Step ${n} (${step.event.type} to ${step.target}) skipped: ${missing.join(', ')} was redacted and no value was given.`);
      // Later steps that depend on what this one did cannot pass: stop here and say why.
      const stop = index < walk.steps.length - 1 ? await skipBreaksWalk(step, options, timing) : null;
      if (stop) return { ok: false, step: n, message: `Stopped at step ${n}: ${stop} Give the redacted ${missing.join(', ')} to replay it.`, notes };
      continue;
    }
    const stopped = (what: string, why: string): ReplayResult => ({ ok: false, step: n, message: `Stopped at step ${n} (${what}): ${why}`, notes });
    const spawned = spawnedSystemId(event);
    if (spawned !== undefined) {
      options.onProgress?.(`Step ${n} of ${walk.steps.length}: waiting for ${spawned} to start`);
      if (!(await actorAppears(options, spawned, timing.timeoutMs))) return stopped(`${spawned} starts`, `${spawned} did not start within ${seconds(timing.timeoutMs)}${whereNow(options)}; the page that starts it is not open.`);
      continue;
    }
    const actor = await actorAppears(options, step.target, timing.timeoutMs);
    const title = actor ? await eventTitle(actor, step.event.type) : step.event.type;
    const what = title === step.event.type ? `${step.event.type} to ${step.target}` : `${title}: ${step.event.type} to ${step.target}`;
    if (!actor) return stopped(what, `${step.target} did not start within ${seconds(timing.timeoutMs)}${whereNow(options)}; the page that starts it is not open.`);
    await waitFor(actor, isSettled, false, timing, options.signal);
    const location = locatedAt(event);
    if (location !== undefined) {
      options.onProgress?.(`Step ${n} of ${walk.steps.length}: moving the page to ${location}`);
      const stuck = await movePage(actor, location, options, timing);
      if (stuck) return stopped(`the page moves to ${location}`, stuck);
    } else {
      options.onProgress?.(`Step ${n} of ${walk.steps.length}: ${step.event.type} to ${step.target}`);
      actor.send(event);
    }
    await waitFor(actor, (snapshot) => sameValue(valueOf(snapshot), step.expected), true, timing, options.signal);
    const actual = valueOf(actor.getSnapshot() as Snap);
    if (!sameValue(actual, step.expected)) {
      const meant = stateDescription(actor, step.expected);
      return stopped(what, `expected ${step.target} in ${formatValue(step.expected)}${meant ? ` (${meant})` : ''}, got ${formatValue(actual)}.`);
    }
  }
  return { ok: true, steps: walk.steps.length, notes };
}
