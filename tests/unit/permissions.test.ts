import { describe, expect, test } from 'vitest';
import type { Permissions } from '../../src/api/schemas/permissions';
import { can, isAccessDenied, isGlobal, permittedSections } from '../../src/machines/permissions';

const perms: Permissions = {
  Global: { access: false },
  Bots: { browse: true, read: true, edit: false, add: false, delete: false, level: 1 },
  Users: { browse: true, read: true, edit: true, add: true, delete: true, level: 9 },
  Roles: { browse: false, read: false, edit: false, add: false, delete: false, level: 9 },
};

describe('can(perms, model, action, minLevel?)', () => {
  test.each([
    ['Bots', 'browse', undefined, true],
    ['Bots', 'edit', undefined, false],
    ['Bots', 'read', 9, false],
    ['Bots', 'read', 1, true],
    ['Users', 'delete', 9, true],
    ['Roles', 'browse', undefined, false],
    ['Agents', 'browse', undefined, false],
    ['Global', 'browse', undefined, false],
  ] as const)('%s.%s (level ≥ %s) → %s', (model, action, level, expected) => {
    expect(can(perms, model, action, level)).toBe(expected);
  });

  test('settings (no model) needs no permission, even with no permissions loaded', () => {
    expect(can(null, null, 'read')).toBe(true);
    expect(can(null, 'Bots', 'read')).toBe(false);
  });

  test('level 9 means global; the Global flag is separate', () => {
    expect(isGlobal(perms, 'Users')).toBe(true);
    expect(isGlobal(perms, 'Bots')).toBe(false);
  });

  test('Global access false closes the portal only to a user no section grants anything (issue 26: both readings of the flag)', () => {
    // "Cross-account scope" reading (Laravel): an ordinary staff member with grants keeps the portal.
    expect(isAccessDenied(perms)).toBe(false);
    expect(isAccessDenied({ Global: { access: false }, Reporting: { browse: false, read: true, edit: false, add: false, delete: false, level: 1 } })).toBe(false);
    // "May use the portal" reading (reference API): no grant at all, false → closed.
    expect(isAccessDenied({ Global: { access: false } })).toBe(true);
    expect(isAccessDenied({ Global: { access: false }, Roles: { browse: false, read: false, edit: false, add: false, delete: false, level: 9 } })).toBe(true);
    expect(isAccessDenied({ Global: { access: true } })).toBe(false);
    expect(isAccessDenied({})).toBe(false);
  });

  test('the menu lists exactly the browsable sections', () => {
    expect(permittedSections(perms).map((s) => s.key)).toEqual(['users', 'bots']);
  });
});
