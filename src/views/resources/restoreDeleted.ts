import type { ResourceKey, ResourceRecord } from '../../api/resources';
import type { ResourceActor } from '../../machines/resource';
import { resourceApi, storedRecord } from '../../machines/resource.api';
import { announce } from '../common/toasts';
import { initialValues, validateForm } from './formValues';
import { listQuery, parseListState } from './listState';
import type { SectionConfig } from './sectionConfig';

/**
 * Sections whose records nothing else points at (no link tables, no foreign keys to them; a
 * workflow step's `action_id` is free JSON the portal's step editor leaves null). Deleting one and
 * creating it again with the same values loses only its id and dates, so a delete there is undone
 * instead of confirmed. Every other section keeps the confirmation dialog.
 */
const RESTORABLE: ReadonlySet<ResourceKey> = new Set(['feedback', 'actions']);

/** The body that creates `record` again, or null where a delete cannot be undone. */
export function restoreBodyOf(config: SectionConfig, record: ResourceRecord): Record<string, unknown> | null {
  if (!RESTORABLE.has(config.key)) return null;
  const checked = validateForm(config, initialValues(config, record, 'new'), 'new');
  if (!checked.ok) return null;
  // Back into the record's own account, not the admin's (the API reads account_id from the body).
  return record.account_id === undefined || record.account_id === null ? checked.body : { ...checked.body, account_id: record.account_id };
}

/**
 * Undo of a delete: creates the record again, refreshes the section's list as it was last shown,
 * and says so, offering to open the restored record (it has a new id).
 */
export function restoreDeleted(resource: ResourceActor, config: SectionConfig, body: Record<string, unknown>, open: (to: string) => void): void {
  const named = resourceApi(resource);
  named.add(body, {
    succeeded: (output) => {
      const restored = storedRecord(output);
      // The list as it was last asked for (its page, search and filters), else its first page.
      named.browse(resource.getSnapshot().context.listQuery ?? listQuery(parseListState('', config.defaultSort)));
      if (restored) announce(`“${config.titleOf(restored)}” restored.`, { label: 'Open', run: () => open(`/${config.key}/${restored.id}`) });
      else announce(`${config.singular} restored.`);
    },
    failed: (error) => announce(`${config.singular} could not be restored: ${error.detail}`),
  });
}
