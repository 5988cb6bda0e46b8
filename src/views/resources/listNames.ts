import type { ResourceKey, ResourceRecord } from '../../api/resources';
import { isReferenceId, type ReferenceSection } from '../../machines/references';
import type { Permissions } from '../../api/schemas/permissions';
import { can, isGlobal } from '../../machines/permissions';
import { sectionByKey } from '../../sections';
import { parseListState } from './listState';
import type { Column, SectionConfig } from './sectionConfig';
import { SECTION_CONFIGS } from './sectionConfigs';
import { visibleColumns } from './visibleColumns';

/**
 * Which names of other records a list shows, and so looks up: pure, without React, so the list
 * page (ListPage.tsx), the first screen's wait (views/shell/firstScreenReady.ts) and the reference
 * server's first answers (through src/firstListLookups.ts) compute the very same lookups.
 */

/** One referenced section and the ids a page shows of it (raw values: `referenceId` reads them). */
export interface ReferenceRequest {
  section: ReferenceSection;
  ids: readonly unknown[];
}

/** A foreign key's value as an id ("12"), or null when there is none. */
export function referenceId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (value && typeof value === 'object' && 'id' in value) return referenceId((value as { id: unknown }).id);
  return null;
}

/** The section a column or field of `fields`/`filters` points to, if it is a foreign key (`account_id` → accounts). */
export function referencedSection(config: { fields: readonly { name: string; choicesFrom?: ResourceKey }[]; filters: readonly { key: string; choicesFrom?: ResourceKey }[] }, key: string): ResourceKey | undefined {
  if (key === 'account_id') return 'accounts';
  return config.fields.find((f) => f.name === key)?.choicesFrom ?? config.filters.find((f) => f.key === key)?.choicesFrom;
}

/** A section with a list page of its own (the fifteen and the clients'). */
export function isListSection(key: string): key is ResourceKey {
  return Object.hasOwn(SECTION_CONFIGS, key);
}

/** The user sees several accounts' records of this section (level 9), so a record says whose it is. */
export function showsAccountOf(permissions: Permissions | null | undefined, section: ResourceKey): boolean {
  const model = sectionByKey(section)?.model ?? null;
  return section !== 'accounts' && model !== null && isGlobal(permissions, model);
}

/** Every column a section's list may show: its own, and an Account column where rows come from several accounts. */
export function listColumnsOf(config: SectionConfig, showsAccount: boolean): Column[] {
  // (A section whose columns name the account already, the clients', keeps its own place for it.)
  return showsAccount && !config.columns.some((c) => c.key === 'account_id') ? [...config.columns, { key: 'account_id', label: 'Account' }] : config.columns;
}

/** The names the shown columns of these rows link to: one request per referencing column. */
export function listNameRequests(config: SectionConfig, columns: readonly Column[], rows: readonly ResourceRecord[]): ReferenceRequest[] {
  return columns.flatMap((c) => {
    const section = c.key === 'conversation_uuid' ? 'conversations' : referencedSection(config, c.key);
    return section ? [{ section, ids: rows.map((row) => row[c.key]) }] : [];
  });
}

/** The requests as the reference cache is asked them: one per section, its ids once each and sorted (only ids it asks for). */
export function namesWanted(requests: readonly ReferenceRequest[]): { section: ReferenceSection; ids: string[] }[] {
  const bySection = new Map<ReferenceSection, Set<string>>();
  for (const { section, ids } of requests) {
    const set = bySection.get(section) ?? new Set<string>();
    for (const value of ids) {
      const id = referenceId(value);
      if (id && isReferenceId(id)) set.add(id);
    }
    bySection.set(section, set);
  }
  return [...bySection].map(([section, ids]) => ({ section, ids: [...ids].sort() })).filter((r) => r.ids.length > 0);
}

/** Whether the user may look names up in `section` (one they may not browse shows "#id"). */
export function mayLookUp(permissions: Permissions | null | undefined, section: ReferenceSection): boolean {
  const model = section === 'conversations' ? 'Reporting' : (sectionByKey(section)?.model ?? null);
  return can(permissions, model, 'browse');
}

/**
 * What a list's first page looks up, as the list page will ask it: the list at `search` (its
 * `columns=` choice), these rows, this user, with "All accounts" or one account in the filter.
 * The account filter's accounts name the Account column without a call (machines/areas/resources.ts).
 */
export function firstListNames(section: ResourceKey, search: string, rows: readonly ResourceRecord[], permissions: Permissions | null | undefined, accountId: string | null): { section: ReferenceSection; ids: string[] }[] {
  const config = SECTION_CONFIGS[section];
  const chosen = parseListState(search, config.defaultSort).columns;
  const columns = visibleColumns(listColumnsOf(config, showsAccountOf(permissions, section) && accountId === null), chosen);
  return namesWanted(listNameRequests(config, columns, rows)).filter((r) => mayLookUp(permissions, r.section));
}
