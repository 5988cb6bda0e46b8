import { assign, emit, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { entryPointOf, flowOf, RESOURCE_SECTIONS } from '../sections';
import { resourceActorId } from './actorIds';

/** A move the user asked for while a page guards unsaved changes, kept until they answer. */
export type PendingMove =
  | { kind: 'go'; to: string }
  | { kind: 'back'; flow?: string; fallback?: string }
  /** The browser's own Back already happened; the guard put the page back and remembers where it led. */
  | { kind: 'popped'; to: string };

export interface NavigationContext {
  /** Current location: path + query, as the router reports it. */
  location: string;
  /** SPEC §2: history kept per navigation flow (a flow = a section). */
  history: Record<string, string[]>;
  /** What `navigation.leave` carries out; null unless the leave question is open. */
  pending: PendingMove | null;
}

export type NavigationEvent =
  | { type: 'navigation.go'; to: string; replace?: boolean }
  /** `fallback` is where back leads when the flow has no history (a list with its remembered query). */
  | { type: 'navigation.back'; flow?: string; fallback?: string }
  | { type: 'navigation.located'; location: string }
  /** A page has (or no longer has) unsaved changes: moves away ask first. */
  | { type: 'navigation.guard'; active: boolean }
  /** The browser went back to `to` while guarded (the view has already restored the URL). */
  | { type: 'navigation.popped'; to: string }
  | { type: 'navigation.leave' }
  | { type: 'navigation.stay' };

/** `traverse`: go one step back in the browser's history instead of pushing `to` (after a guarded browser Back). */
export type NavigationEmitted = { type: 'navigate'; to: string; replace: boolean; traverse?: 'back' };

/** Where "back" leads from `location`: the flow's previous route, else `fallback` or its entry point, else /dashboard. */
export function backTarget(history: Record<string, string[]>, location: string, flow = flowOf(location), fallback?: string): string {
  const entries = history[flow] ?? [];
  const previous = entries.at(-1) === location ? entries.at(-2) : entries.at(-1);
  if (previous && previous !== location) return previous;
  const entry = fallback ?? entryPointOf(flow);
  return entry.split('?')[0] !== location.split('?')[0] ? entry : '/dashboard';
}

const HISTORY_LIMIT = 50;

type Back = { flow?: string; fallback?: string };

/**
 * Owns where the user is and has been. It never touches the router: it emits `navigate`, a small
 * bridge component moves wouter, and the router's location comes back as `navigation.located`.
 * While a page guards unsaved changes (`guarded`), a move the user asked for waits in `asking`
 * until they choose to leave or stay. Replacing moves are the system correcting the location
 * (a redirect, a saved form going to its record) and are never held.
 */
export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    emitted: {} as NavigationEmitted,
    input: {} as { location?: string },
    /** `guarded`: a page holds unsaved changes; `asking`: the leave question is open (views read these, not state names). */
    tags: {} as 'guarded' | 'asking',
  },
  actions: {
    go: emit((_, move: { to: string; replace: boolean; traverse?: 'back' }) => ({ type: 'navigate' as const, ...move })),
    back: emit(({ context }, back: Back) => ({
      type: 'navigate' as const,
      to: backTarget(context.history, context.location, back.flow, back.fallback),
      replace: false,
    })),
    // Drop the route we leave, so the next "back" goes one step further.
    forgetLeftRoute: assign({
      history: ({ context }, back: Back) => {
        const flow = back.flow ?? flowOf(context.location);
        const entries = context.history[flow] ?? [];
        const trimmed = entries.at(-1) === context.location ? entries.slice(0, -2) : entries.slice(0, -1);
        return { ...context.history, [flow]: trimmed };
      },
    }),
    // Raised, so it is handled after the move to `free` and is not held again.
    carryOutPending: enqueueActions(({ context, enqueue }) => {
      const move = context.pending;
      if (move?.kind === 'go') enqueue.raise({ type: 'navigation.go', to: move.to });
      else if (move?.kind === 'back') enqueue.raise({ type: 'navigation.back', flow: move.flow, fallback: move.fallback });
      else if (move) enqueue.raise({ type: 'navigation.popped', to: move.to });
    }),
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => ({ location: input.location ?? '/', history: {}, pending: null }),
  initial: 'free',
  on: {
    'navigation.go': {
      actions: { type: 'go', params: ({ event }) => ({ to: event.to, replace: event.replace ?? false }) },
    },
    'navigation.back': {
      actions: [
        { type: 'back', params: ({ event }) => ({ flow: event.flow, fallback: event.fallback }) },
        { type: 'forgetLeftRoute', params: ({ event }) => ({ flow: event.flow }) },
      ],
    },
    // Unguarded, the browser's Back needs nothing from us: wouter follows it.
    'navigation.popped': {
      actions: { type: 'go', params: ({ event }) => ({ to: event.to, replace: false, traverse: 'back' as const }) },
    },
    'navigation.located': {
      actions: [
        /**
         * SPEC §4: entering a section sends its init (operations idle, record and list cleared), so
         * a section never opens on what it showed the last time. Sent here, where the route change
         * arrives, before the route's first call and the page's own events; moving within the
         * section keeps its state. A section whose actor does not exist yet has nothing to clear.
         */
        enqueueActions(({ context, event, system, enqueue }) => {
          const entered = flowOf(event.location);
          if (entered === flowOf(context.location) || !RESOURCE_SECTIONS.some((section) => section.key === entered)) return;
          const resource = system.get(resourceActorId(entered));
          if (resource) enqueue.sendTo(resource, { type: 'resource.init' });
        }),
        assign(({ context, event }) => {
          const flow = flowOf(event.location);
          const entries = context.history[flow] ?? [];
          // Coming back to a route of the flow (Cancel, a breadcrumb, a saved form) returns along the path.
          const seen = entries.lastIndexOf(event.location);
          const next = seen >= 0 ? entries.slice(0, seen + 1) : [...entries, event.location].slice(-HISTORY_LIMIT);
          return { location: event.location, history: { ...context.history, [flow]: next } };
        }),
      ],
    },
  },
  states: {
    free: {
      on: { 'navigation.guard': { guard: ({ event }) => event.active, target: 'guarded' } },
    },
    guarded: {
      tags: 'guarded',
      on: {
        'navigation.guard': { guard: ({ event }) => !event.active, target: 'free' },
        'navigation.go': [
          { guard: ({ event }) => event.replace === true, actions: { type: 'go', params: ({ event }) => ({ to: event.to, replace: true }) } },
          { target: 'asking', actions: assign({ pending: ({ event }) => ({ kind: 'go' as const, to: event.to }) }) },
        ],
        'navigation.back': { target: 'asking', actions: assign({ pending: ({ event }) => ({ kind: 'back' as const, flow: event.flow, fallback: event.fallback }) }) },
        'navigation.popped': { target: 'asking', actions: assign({ pending: ({ event }) => ({ kind: 'popped' as const, to: event.to }) }) },
      },
    },
    asking: {
      tags: ['guarded', 'asking'],
      on: {
        'navigation.stay': { target: 'guarded', actions: 'clearPending' },
        'navigation.leave': { target: 'free', actions: ['carryOutPending', 'clearPending'] },
        // The guarding page went away meanwhile (signed out, say): nothing is left to lose.
        'navigation.guard': { guard: ({ event }) => !event.active, target: 'free', actions: ['carryOutPending', 'clearPending'] },
        // One question at a time: further moves wait for the answer.
        'navigation.go': [{ guard: ({ event }) => event.replace === true, actions: { type: 'go', params: ({ event }) => ({ to: event.to, replace: true }) } }, {}],
        'navigation.back': {},
        'navigation.popped': {},
      },
    },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
