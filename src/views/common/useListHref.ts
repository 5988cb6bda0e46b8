import { useSelector } from '@xstate/react';
import { listHref } from '../../machines/navigation';
import { usePortal } from '../PortalContext';

/** `/{section}` with the query its list last had in this session (navigation keeps it; sign-out forgets it). */
export function useListHref(section: string): string {
  return useSelector(usePortal().navigation, (s) => listHref(s.context, section));
}
