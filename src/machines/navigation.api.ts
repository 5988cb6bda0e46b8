import type { NavigationActor } from './navigation';

type NavigationSnapshot = ReturnType<NavigationActor['getSnapshot']>;

/**
 * The navigation actor's named API (see auth.api.ts for the convention). `go` and `back` are what
 * pages ask for; `located`, `guard`, `popped`, `leave` and `stay` belong to the router bridge and
 * the leave guard.
 */
export function navigationApi(navigation: NavigationActor) {
  return {
    go: (to: string, replace = false) => navigation.send({ type: 'navigation.go', to, replace }),
    /** `fallback`: where back leads when the flow has no history. */
    back: (flow?: string, fallback?: string) => navigation.send({ type: 'navigation.back', flow, fallback }),
    /** The router's location, told back to the machine. */
    located: (location: string) => navigation.send({ type: 'navigation.located', location }),
    /** A page has (or no longer has) unsaved changes. */
    guard: (active: boolean) => navigation.send({ type: 'navigation.guard', active }),
    /** The browser went back to `to` while guarded (the URL is already restored). */
    popped: (to: string) => navigation.send({ type: 'navigation.popped', to }),
    leave: () => navigation.send({ type: 'navigation.leave' }),
    stay: () => navigation.send({ type: 'navigation.stay' }),
  };
}

export type NavigationActorApi = ReturnType<typeof navigationApi>;

export const navigationSelectors = {
  location: (s: NavigationSnapshot) => s.context.location,
  guarded: (s: NavigationSnapshot) => s.hasTag('guarded'),
  asking: (s: NavigationSnapshot) => s.hasTag('asking'),
};
