import type { ResourceKey } from '../../api/resources';
import { usePermissions } from '../PortalContext';
import { showsAccountOf } from './listNames';

/** The user sees several accounts' records of this section (level 9), so a record says whose it is. */
export function useShowsAccount(section: ResourceKey): boolean {
  return showsAccountOf(usePermissions(), section);
}
