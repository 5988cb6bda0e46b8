import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import type { ResourceKey } from '../../api/resources';
import { openReferences } from '../../machines/areas/resources';
import { referencesApi, type ReferencesActorApi } from '../../machines/references.api';
import { optionsKey, type OptionsEntry, type ReferenceEntry, type ReferenceSection, type ReferencesActor, type ReferencesSnapshot } from '../../machines/references';
import { useActorApi } from '../actors/useActorApi';
import { usePermissions, usePortal } from '../PortalContext';
import { mayLookUp, namesWanted, referenceId, type ReferenceRequest } from './listNames';

/** The system's reference cache actor. */
export function useReferencesActor(): ReferencesActor {
  const portal = usePortal();
  return useMemo(() => openReferences(portal), [portal]);
}

/** The reference cache's named senders (`need`, `options`, `remember`), stable per actor. */
export function useReferences(): ReferencesActorApi {
  return useActorApi(useReferencesActor(), referencesApi);
}

export type ReferenceLookup = (section: ReferenceSection, id: unknown) => ReferenceEntry | undefined;

/**
 * A list's lookup, for the cells that show linked names: when the names arrive only those cells
 * render again, not every row (a row that took the lookup as a prop would).
 */
export const ReferenceLookupContext = createContext<ReferenceLookup | undefined>(undefined);

/** The lookup given, else the one of the list around. */
export function useLookup(given?: ReferenceLookup): ReferenceLookup | undefined {
  const around = useContext(ReferenceLookupContext);
  return given ?? around;
}

const selectNames = (s: ReferencesSnapshot) => s.context.names;

/**
 * The names of the records a page links to: one `references.need` per referenced section with
 * every id of the page (one call per section, not per row), skipped where the user may not
 * browse that section (those show as "#id").
 */
export function useReferenceNames(requests: readonly ReferenceRequest[]): ReferenceLookup {
  const references = useReferencesActor();
  const { need } = useActorApi(references, referencesApi);
  const permissions = usePermissions();
  const names = useSelector(references, selectNames);
  const wanted = useMemo(() => namesWanted(requests), [requests]);
  const signature = JSON.stringify(wanted);
  useEffect(() => {
    for (const { section, ids } of wanted) if (mayLookUp(permissions, section)) need(section, ids);
    // `signature` stands for `wanted`: a new array with the same ids asks nothing again.
  }, [signature, need, permissions]); // eslint-disable-line react-hooks/exhaustive-deps
  // One function while the names stay the same, so memoised rows that take it do not render again.
  return useCallback(
    (section, id) => {
      const key = referenceId(id);
      return key ? names[section]?.[key] : undefined;
    },
    [names],
  );
}

const EMPTY_OPTIONS: OptionsEntry = { state: 'loading', records: [], at: 0 };

/**
 * A picker's records of `section`: in `accountId` when given (a create form's Account, an edited
 * record's account), else in the global filter's scope. Asked again when the scope changes.
 */
export function usePickerOptions(section: ResourceKey | undefined, accountId: string | null, enabled: boolean): OptionsEntry {
  const references = useReferencesActor();
  const { options } = useActorApi(references, referencesApi);
  const { accountFilter } = usePortal();
  const filterAccount = useSelector(accountFilter, (s) => s.context.accountId);
  const scope = accountId ? `account:${accountId}` : `filter:${filterAccount ?? 'all'}`;
  const key = section ? optionsKey(section, scope) : '';
  const entry = useSelector(references, (s) => (key ? s.context.options[key] : undefined));
  useEffect(() => {
    if (section && enabled) options(section, accountId, scope);
  }, [options, section, accountId, scope, enabled]);
  return entry ?? EMPTY_OPTIONS;
}

/** Records of one account plus the global ones (no account): what a scoped picker offers. */
export function inAccountOrGlobal<T extends Record<string, unknown>>(records: readonly T[], accountId: string | null): T[] {
  if (!accountId) return [...records];
  return records.filter((record) => {
    const owner = referenceId(record.account_id);
    return owner === null || owner === accountId;
  });
}

