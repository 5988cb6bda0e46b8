import { useMemo } from 'react';
import type { ReportTab } from '../../machines/conversationReport';
import { usePermissions } from '../PortalContext';
import { reportTabAccess } from './firstCalls';

/** Which report tabs the signed-in user may open (the rule is firstCalls.ts's, shared with the route's loader). */
export function useReportTabAccess(): (tab: ReportTab) => boolean {
  const permissions = usePermissions();
  return useMemo(() => reportTabAccess(permissions), [permissions]);
}
