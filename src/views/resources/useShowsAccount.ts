import { isGlobal } from '../../machines/permissions';
import type { ResourceKey } from '../../api/resources';
import { sectionByKey } from '../../sections';
import { usePermissions } from '../PortalContext';

/** The user sees several accounts' records of this section (level 9), so a record says whose it is. */
export function useShowsAccount(section: ResourceKey): boolean {
  const permissions = usePermissions();
  const model = sectionByKey(section)?.model ?? null;
  return section !== 'accounts' && model !== null && isGlobal(permissions, model);
}
