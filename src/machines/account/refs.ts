import type { AuthActor } from '../auth';
import type { NavigationActor, NavigationEvent } from '../navigation';

/**
 * The long-lived actors an account flow reports to: `auth` (the system's auth actor, which must
 * learn about a new or newly verified user) and `navigation`. Flows get them as input, so they
 * never import the router or React and tests hand in a real system.
 */
export interface FlowRefs {
  auth: AuthActor;
  navigation: NavigationActor;
}

export function goTo(to: string): NavigationEvent {
  return { type: 'navigation.go', to, replace: true };
}

/** `/email-verification` keeps where the user was going (SPEC §5). */
export function verificationPrompt(redirect: string): string {
  return `/email-verification?redirect=${encodeURIComponent(redirect)}`;
}
