import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { PermissionAction } from '../api/schemas/permissions';
import { authSelectors, type AuthPhase } from '../machines/auth.api';
import { navigationApi } from '../machines/navigation.api';
import { can } from '../machines/permissions';
import type { Portal } from '../machines/root';
import type { RuntimeConfig } from '../config';

export interface PortalValue extends Portal {
  config: RuntimeConfig;
  /**
   * The browser's time zone where the runtime's own is not it: a server drawing the page
   * (src/serverRender.tsx) draws in the one the browser told it. Undefined in a browser.
   */
  browserTimeZone?: string;
}

const PortalContext = createContext<PortalValue | null>(null);

export const PortalProvider = PortalContext.Provider;

export function usePortal(): PortalValue {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal: no PortalProvider above this component');
  return portal;
}

export function useUser() {
  return useSelector(usePortal().auth, authSelectors.user);
}

export function usePermissions() {
  return useSelector(usePortal().auth, authSelectors.permissions);
}

export function useCan(model: string | null, action: PermissionAction, minLevel?: number): boolean {
  const permissions = usePermissions();
  return can(permissions, model, action, minLevel);
}

export type { AuthPhase };

/** The auth state as one word, for gates and pages. */
export function useAuthPhase(): AuthPhase {
  return useSelector(usePortal().auth, authSelectors.phase);
}

/** The navigation actor's `go` and `back` (its whole API: actors/useNavigation.ts). */
export function useNavigate() {
  const { navigation } = usePortal();
  return useMemo(() => navigationApi(navigation), [navigation]);
}
