import { useSelector } from '@xstate/react';
import { authApi, type AuthActorApi } from '../../machines/auth.api';
import type { AuthSnapshot } from '../../machines/auth';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The auth actor's named senders (`signIn`, `signOut`, `answerTwoFactor`, …), stable per actor. */
export function useAuth(): AuthActorApi {
  return useActorApi(usePortal().auth, authApi);
}

/** A read of the auth actor: pass one of `authSelectors` (machines/auth.api.ts). */
export function useAuthState<T>(select: (snapshot: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(usePortal().auth, select, compare);
}
