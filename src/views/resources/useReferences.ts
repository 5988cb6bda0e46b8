import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import type { ResourceKey } from '../../api/resources';
import { openReferences } from '../../machines/areas/resources';
import { can } from '../../machines/permissions';
import { referencesApi, type ReferencesActorApi } from '../../machines/references.api';
import { optionsKey, type OptionsEntry, type ReferenceEntry, type ReferenceSection, type ReferencesActor, type ReferencesSnapshot } from '../../machines/references';
import { sectionByKey } from '../../sections';
import { useActorApi } from '../actors/useActorApi';
import { usePermissions, usePortal } from '../PortalContext';

/** The system's reference cache actor. */
export function useReferencesActor(): ReferencesActor {
  const portal = usePortal();
  return useMemo(() => openReferences(portal), [portal]);
}

/** The reference cache's named senders (`need`, `options`, `remember`), stable per actor. */
export function useReferences(): ReferencesActorApi {
  return useActorApi(useReferencesActor(), referencesApi);
}

export interface ReferenceRequest {
  section: ReferenceSection;
  ids: readonly unknown[];
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

/** A foreign key's value as an id ("12"), or null when there is none. */
export function referenceId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (value && typeof value === 'object' && 'id' in value) return referenceId((value as { id: unknown }).id);
  return null;
}

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
  const wanted = useMemo(() => {
    const bySection = new Map<ReferenceSection, Set<string>>();
    for (const { section, ids } of requests) {
      const set = bySection.get(section) ?? new Set<string>();
      for (const value of ids) {
        const id = referenceId(value);
        if (id) set.add(id);
      }
      bySection.set(section, set);
    }
    return [...bySection].map(([section, ids]) => ({ section, ids: [...ids].sort() })).filter((r) => r.ids.length > 0);
  }, [requests]);
  const signature = JSON.stringify(wanted);
  useEffect(() => {
    for (const { section, ids } of wanted) {
      const model = section === 'conversations' ? 'Reporting' : (sectionByKey(section)?.model ?? null);
      if (can(permissions, model, 'browse')) need(section, ids);
    }
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

/** The section a column or field of `fields`/`filters` points to, if it is a foreign key (`account_id` → accounts). */
export function referencedSection(config: { fields: readonly { name: string; choicesFrom?: ResourceKey }[]; filters: readonly { key: string; choicesFrom?: ResourceKey }[] }, key: string): ResourceKey | undefined {
  if (key === 'account_id') return 'accounts';
  return config.fields.find((f) => f.name === key)?.choicesFrom ?? config.filters.find((f) => f.key === key)?.choicesFrom;
}
