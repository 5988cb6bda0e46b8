import type { ReportTab } from '../../machines/conversationReport';
import { useCan } from '../PortalContext';

/**
 * SPEC §3's permission models for parts of a conversation: Reporting read opens it, and these
 * tabs need their own model's read as well (the reference API enforces the same).
 */
export const REPORT_TAB_MODELS: Partial<Record<ReportTab, string>> = {
  recordings: 'Recordings',
  transcript: 'Transcripts',
  'usage-summary': 'UsageSummaries',
  data: 'Call-Data',
};

/** Which report tabs the signed-in user may open. */
export function useReportTabAccess(): (tab: ReportTab) => boolean {
  const allowed: Record<string, boolean> = {
    Recordings: useCan('Recordings', 'read'),
    Transcripts: useCan('Transcripts', 'read'),
    UsageSummaries: useCan('UsageSummaries', 'read'),
    'Call-Data': useCan('Call-Data', 'read'),
  };
  return (tab) => {
    const model = REPORT_TAB_MODELS[tab];
    return model === undefined || allowed[model] === true;
  };
}
