import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { openReporting, type ReportingActors } from '../../machines/areas/reporting';
import { usePortal } from '../PortalContext';

/** The system's reporting actors, spawned on the first reporting page of a session. */
export function useReporting(): ReportingActors {
  const portal = usePortal();
  return useMemo(() => openReporting(portal), [portal]);
}

export { useChildOperation } from '../common/useOperation';

/** The global account filter: statistics are scoped by it, so pages reload when it changes. */
export function useAccountId(): string | null {
  return useSelector(usePortal().accountFilter, (s) => s.context.accountId);
}

/** The page's query string as URLSearchParams (the URL is the list state). */
export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useSearch());
}
