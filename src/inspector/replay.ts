import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { formatValue, machineOf, type InspectedActor } from './actors';
import { eventTitle } from './eventForm';
import { redactedPaths, setPath } from './redact';
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

type Snap = { status?: string; value?: unknown; _nodes?: AnyMachineSnapshot['_nodes'] };

const valueOf = (snapshot: Snap) => (snapshot.value !== undefined ? snapshot.value : snapshot.status);

/** Settled: no invoked work running in its active states (a pending request is not a result). */
function isSettled(snapshot: Snap): boolean {
  if (snapshot.status !== 'active') return true;
  return (snapshot._nodes ?? []).every((node) => node.invoke.length === 0);
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

async function actorAppears(options: ReplayOptions, systemId: string, timeoutMs: number): Promise<InspectedActor | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const actor = options.resolveActor(systemId);
    if (actor || Date.now() > until || options.signal?.aborted) return actor;
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

/**
 * Replays a walk: each step's event goes to the actor with the same systemId, in order, once that
 * actor has settled; the step passes when the actor reaches the recorded state, and the replay
 * stops at the first step whose actor settles (or times out) in another state. A step whose
 * payload had a redacted value is skipped, with a note, unless the tester gave the value.
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
    const actor = await actorAppears(options, step.target, timing.timeoutMs);
    if (!actor) return { ok: false, step: n, message: `Step ${n}: no actor ${step.target} in this portal.`, notes };
    await waitFor(actor, isSettled, false, timing, options.signal);
    options.onProgress?.(`Step ${n} of ${walk.steps.length}: ${step.event.type} to ${step.target}`);
    actor.send(event);
    await waitFor(actor, (snapshot) => sameValue(valueOf(snapshot), step.expected), true, timing, options.signal);
    const actual = valueOf(actor.getSnapshot() as Snap);
    if (!sameValue(actual, step.expected)) {
      return { ok: false, step: n, message: `Step ${n}: expected ${step.target} in ${formatValue(step.expected)}, got ${formatValue(actual)}`, notes };
    }
  }
  return { ok: true, steps: walk.steps.length, notes };
}
