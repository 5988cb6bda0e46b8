import type { AnyMachineSnapshot } from 'xstate';
import { z } from '../api/zod';
import { machineOf, type InspectedActor } from './actors';
import { redact } from './redact';
import type { LogEntry } from './store';

/** The events the actor's active states handle (XState's own `xstate.*` events left out). */
export function acceptedEvents(actor: InspectedActor): string[] {
  if (!machineOf(actor)) return [];
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  if (snapshot.status !== 'active') return [];
  const events = new Set<string>();
  for (const node of snapshot._nodes) for (const type of node.ownEvents) if (!type.startsWith('xstate.') && type !== '*') events.add(type);
  return [...events].sort();
}

/** Parses the payload editor's text: empty is no payload; otherwise a JSON object without `type`. */
export function parsePayload(text: string): { ok: true; payload: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, payload: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, error: 'The payload must be a JSON object, e.g. {"to": "/users"}.' };
  return { ok: true, payload: parsed as Record<string, unknown> };
}

const stepSchema = z.object({
  target: z.string(),
  event: z.looseObject({ type: z.string() }),
  expected: z.unknown(),
});

const walkSchema = z.object({
  format: z.literal('agent-portal-walk'),
  version: z.literal(1),
  savedAt: z.optional(z.string()),
  steps: z.array(stepSchema),
});

export type WalkStep = z.infer<typeof stepSchema>;
export type Walk = z.infer<typeof walkSchema>;

/** Only what a tester did from outside the system, to actors a fresh portal has again (systemIds). */
export function isWalkStep(entry: LogEntry): boolean {
  return entry.external && entry.targetSystemId !== undefined && !entry.event.type.startsWith('xstate.');
}

/**
 * A walk from the log: each outside event with the state its target had settled in when the next
 * outside event came (or at the end of the log). Secrets are redacted. `only` keeps one actor's steps.
 */
export function walkFromLog(log: LogEntry[], only?: string): Walk {
  const indices = log.flatMap((entry, index) => (isWalkStep(entry) ? [index] : []));
  const steps: WalkStep[] = [];
  indices.forEach((index, i) => {
    const entry = log[index]!;
    if (only && entry.targetSystemId !== only) return;
    const end = indices[i + 1] ?? log.length;
    let expected = entry.state;
    for (let j = index + 1; j < end; j++) if (log[j]!.targetSession === entry.targetSession && log[j]!.state !== undefined) expected = log[j]!.state;
    steps.push({ target: entry.targetSystemId!, event: redact(entry.event) as WalkStep['event'], expected: redact(expected) });
  });
  return { format: 'agent-portal-walk', version: 1, savedAt: new Date().toISOString(), steps };
}

export function parseWalk(text: string): { ok: true; walk: Walk } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not JSON.' };
  }
  const parsed = walkSchema.safeParse(raw);
  return parsed.success ? { ok: true, walk: parsed.data } : { ok: false, error: 'This file is not a walk saved by the machine inspector.' };
}
