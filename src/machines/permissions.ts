import type { ModelPermission, PermissionAction, Permissions } from '../api/schemas/permissions';
import { ALL_SECTIONS, type Section } from '../sections';

/** SPEC §6: level 9 means "every account" for that model. */
export const GLOBAL_LEVEL = 9;

function modelPermission(perms: Permissions | null | undefined, model: string): ModelPermission | undefined {
  const entry = perms?.[model];
  return entry && 'browse' in entry ? entry : undefined;
}

/**
 * SPEC §6: allowed when the action's flag is true and, if a level is required, the model's level
 * is at least that. A null model (settings) needs no permission.
 */
export function can(perms: Permissions | null | undefined, model: string | null, action: PermissionAction, minLevel?: number): boolean {
  if (model === null) return true;
  const entry = modelPermission(perms, model);
  if (!entry || entry[action] !== true) return false;
  return minLevel === undefined || entry.level >= minLevel;
}

export function isGlobal(perms: Permissions | null | undefined, model: string): boolean {
  return (modelPermission(perms, model)?.level ?? 0) >= GLOBAL_LEVEL;
}

const ACTIONS: readonly PermissionAction[] = ['browse', 'read', 'add', 'edit', 'delete'];

/** Some section of SPEC §2 (a model of the menu, reporting or chat) grants this user any action. */
export function grantsAnySection(perms: Permissions | null | undefined): boolean {
  return ALL_SECTIONS.some((section) => section.model !== null && ACTIONS.some((action) => can(perms, section.model, action)));
}

/**
 * SPEC §6 says only that a Global access flag exists, and backends read it two ways: "may use the
 * portal" (our reference API) or "has cross-account scope" (a Laravel backend sends false for an
 * ordinary staff member holding a role). So the portal is closed (SPEC §2 `/error/access`) only
 * when the flag is false AND no section grants anything; otherwise the section grants decide.
 * A backend that sends no Global entry denies nothing by it.
 */
export function isAccessDenied(perms: Permissions | null | undefined): boolean {
  return perms?.Global?.access === false && !grantsAnySection(perms);
}

/** The sections a user may open from the menu (browse on the section's model). */
export function permittedSections(perms: Permissions | null | undefined, sections: readonly Section[] = ALL_SECTIONS): Section[] {
  return sections.filter((section) => section.inMenu && section.model !== null && can(perms, section.model, 'browse'));
}
