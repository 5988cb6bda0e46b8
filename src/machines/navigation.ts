import { assign, emit, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { entryPointOf, flowOf, RESOURCE_SECTIONS } from '../sections';
import { resourceActorId } from './actorIds';

export interface NavigationContext {
  /** Current location: path + query, as the router reports it. */
  location: string;
  /** SPEC §2: history kept per navigation flow (a flow = a section). */
  history: Record<string, string[]>;
}

export type NavigationEvent =
  | { type: 'navigation.go'; to: string; replace?: boolean }
  | { type: 'navigation.back'; flow?: string }
  | { type: 'navigation.located'; location: string };

export type NavigationEmitted = { type: 'navigate'; to: string; replace: boolean };

/** Where "back" leads from `location`: the flow's previous route, else its entry point, else /dashboard. */
export function backTarget(history: Record<string, string[]>, location: string, flow = flowOf(location)): string {
  const entries = history[flow] ?? [];
  const previous = entries.at(-1) === location ? entries.at(-2) : entries.at(-1);
  if (previous && previous !== location) return previous;
  const entry = entryPointOf(flow);
  return entry.split('?')[0] !== location.split('?')[0] ? entry : '/dashboard';
}

const HISTORY_LIMIT = 50;

/**
 * Owns where the user is and has been. It never touches the router: it emits `navigate`, a small
 * bridge component moves wouter, and the router's location comes back as `navigation.located`.
 */
export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    emitted: {} as NavigationEmitted,
    input: {} as { location?: string },
  },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => ({ location: input.location ?? '/', history: {} }),
  on: {
    'navigation.go': {
      actions: emit(({ event }) => ({ type: 'navigate' as const, to: event.to, replace: event.replace ?? false })),
    },
    'navigation.back': {
      actions: [
        emit(({ context, event }) => ({
          type: 'navigate' as const,
          to: backTarget(context.history, context.location, event.flow),
          replace: false,
        })),
        // Drop the route we leave, so the next "back" goes one step further.
        assign({
          history: ({ context, event }) => {
            const flow = event.flow ?? flowOf(context.location);
            const entries = context.history[flow] ?? [];
            const trimmed = entries.at(-1) === context.location ? entries.slice(0, -2) : entries.slice(0, -1);
            return { ...context.history, [flow]: trimmed };
          },
        }),
      ],
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
          const next = entries.at(-1) === event.location ? entries : [...entries, event.location].slice(-HISTORY_LIMIT);
          return { location: event.location, history: { ...context.history, [flow]: next } };
        }),
      ],
    },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
