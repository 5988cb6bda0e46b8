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

export function hasGlobalAccess(perms: Permissions | null | undefined): boolean {
  return perms?.Global?.access === true;
}

/**
 * SPEC §6's Global access flag, when the server says false: the portal is closed to this user
 * (SPEC §2 `/error/access`). A backend that sends no Global entry denies nothing by it.
 */
export function isAccessDenied(perms: Permissions | null | undefined): boolean {
  return perms?.Global?.access === false;
}

/** The sections a user may open from the menu (browse on the section's model). */
export function permittedSections(perms: Permissions | null | undefined, sections: readonly Section[] = ALL_SECTIONS): Section[] {
  return sections.filter((section) => section.inMenu && section.model !== null && can(perms, section.model, 'browse'));
}
