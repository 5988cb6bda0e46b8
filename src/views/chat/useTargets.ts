import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { Target } from '../../api/calls';
import { openTargets, type TargetKind } from '../../machines/areas/chat';
import type { OperationSnapshot } from '../../machines/operation';
import { useCan, usePortal } from '../PortalContext';

export interface TargetList {
  /** The user may list these at all (asking without permission would send them to /error/forbidden). */
  permitted: boolean;
  loading: boolean;
  items: Target[];
  /** The API has no such list (404): the caller offers its fallback. */
  missing: boolean;
  error: { summary: string; detail: string } | null;
}

const selectItems = (s: OperationSnapshot) => (s.context.output as Target[] | undefined) ?? [];
const selectError = (s: OperationSnapshot) => s.context.error;
const selectLoading = (s: OperationSnapshot) => s.matches('loading');

const selectAccount = (s: { context: { accountId: string | null } }) => s.context.accountId;

/**
 * The bots or instances a chat or call can target: the system's `targets:<kind>` actor, loaded
 * on each mount and again when the account filter changes (its calls carry the filter's
 * account), so the pickers follow the filter without a reload (issue 26 item 7).
 */
export function useTargets(kind: TargetKind): TargetList {
  const portal = usePortal();
  const permitted = useCan(kind === 'bots' ? 'Bots' : 'Instances', 'browse');
  const actor = useMemo(() => openTargets(portal, kind), [portal, kind]);
  const accountId = useSelector(portal.accountFilter, selectAccount);
  useEffect(() => {
    if (permitted) actor.send({ type: 'operation.start' });
  }, [actor, permitted, accountId]);
  const items = useSelector(actor, selectItems);
  const error = useSelector(actor, selectError);
  const loading = useSelector(actor, selectLoading);
  const missing = error?.status === 404;
  return { permitted, loading, items, missing, error: missing ? null : error };
}
