import type { AnyActorRef } from 'xstate';
import { ACTOR_IDS } from '../actorIds';
import type { AuthActor } from '../auth';
import type { NavigationActor, NavigationEvent } from '../navigation';

/** What an actor can reach of its system (an action's `system`, a logic's `self.system`). */
export interface SystemLookup {
  get(systemId: string): AnyActorRef | undefined;
}

/**
 * The long-lived actors an account flow reports to, found by systemId in the flow's own system:
 * `auth` (which must learn about a new or newly verified user) and `navigation`. A flow runs as
 * a child of the portal's root (`flow:<name>`), so no page hands them in.
 */
export function authIn(system: SystemLookup): AuthActor {
  const auth = system.get(ACTOR_IDS.auth);
  if (!auth) throw new Error('account flow: the system has no auth actor (open flows through machines/areas.ts)');
  return auth as AuthActor;
}

export function navigationIn(system: SystemLookup): NavigationActor {
  const navigation = system.get(ACTOR_IDS.navigation);
  if (!navigation) throw new Error('account flow: the system has no navigation actor (open flows through machines/areas.ts)');
  return navigation as NavigationActor;
}

export function goTo(to: string): NavigationEvent {
  return { type: 'navigation.go', to, replace: true };
}

/** `/email-verification` keeps where the user was going (SPEC §5). */
export function verificationPrompt(redirect: string): string {
  return `/email-verification?redirect=${encodeURIComponent(redirect)}`;
}
