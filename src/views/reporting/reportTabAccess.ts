import { useMemo } from 'react';
import type { ReportTab } from '../../machines/conversationReport';
import { usePermissions } from '../PortalContext';
import { reportTabAccess } from './conversationRouteData';

/** Which report tabs the signed-in user may open (the rule is the conversation loader's, conversationRouteData.ts). */
export function useReportTabAccess(): (tab: ReportTab) => boolean {
  const permissions = usePermissions();
  return useMemo(() => reportTabAccess(permissions), [permissions]);
}
