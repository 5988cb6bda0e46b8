import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { PermissionAction } from '../api/schemas/permissions';
import type { AuthSnapshot } from '../machines/auth';
import { can } from '../machines/permissions';
import type { Portal } from '../machines/root';
import type { RuntimeConfig } from '../config';

export interface PortalValue extends Portal {
  config: RuntimeConfig;
}

const PortalContext = createContext<PortalValue | null>(null);

export const PortalProvider = PortalContext.Provider;

export function usePortal(): PortalValue {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal: no PortalProvider above this component');
  return portal;
}

const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;
const selectPermissions = (snapshot: AuthSnapshot) => snapshot.context.permissions;

export function useUser() {
  return useSelector(usePortal().auth, selectUser);
}

export function usePermissions() {
  return useSelector(usePortal().auth, selectPermissions);
}

export function useCan(model: string | null, action: PermissionAction, minLevel?: number): boolean {
  const permissions = usePermissions();
  return can(permissions, model, action, minLevel);
}

/** The auth state as one word, for gates and pages. */
export type AuthPhase = 'restoring' | 'signedOut' | 'working' | 'signedIn' | 'unverified';

function phaseOf(snapshot: AuthSnapshot): AuthPhase {
  if (snapshot.matches('restoring')) return 'restoring';
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('unverified')) return 'unverified';
  if (snapshot.matches('signedOut')) return 'signedOut';
  return 'working';
}

export function useAuthPhase(): AuthPhase {
  return useSelector(usePortal().auth, phaseOf);
}

/** Named senders so components never build event objects themselves. */
export function useNavigate() {
  const { navigation } = usePortal();
  return useMemo(
    () => ({
      go: (to: string, replace = false) => navigation.send({ type: 'navigation.go', to, replace }),
      back: (flow?: string, fallback?: string) => navigation.send({ type: 'navigation.back', flow, fallback }),
    }),
    [navigation],
  );
}
