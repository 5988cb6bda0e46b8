import { useMemo } from 'react';
import { openReview, type ReviewActors } from '../../machines/reviewArea';
import { usePortal } from '../PortalContext';

/** The conversation review's actors (reviewArea.ts: spawned on first use, stopped at sign-out). */
export function useReviewActors(): ReviewActors {
  const portal = usePortal();
  return useMemo(() => openReview(portal), [portal]);
}
