import { describe, expect, test } from 'vitest';
import type { Permissions } from '../../src/api/schemas/permissions';
import { landingPath, safeRedirectTarget } from '../../src/machines/landing';

const on = { browse: true, read: true, edit: true, add: true, delete: true, level: 1 };
const many: Permissions = { Bots: on, Users: on };
const one: Permissions = { Bots: on };

describe('safeRedirectTarget (no open redirects)', () => {
  test.each([
    ['/roles', '/roles'],
    ['%2Froles%3Fpage%3D2', '/roles?page=2'],
    ['/bots/1#tab', '/bots/1#tab'],
    ['//elsewhere.example', null],
    ['/\\elsewhere.example', null],
    ['https://elsewhere.example/', null],
    ['javascript:alert(1)', null],
    ['roles', null],
    ['/%0d%0aSet-Cookie', null],
    ['', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });
});

describe('landingPath (SPEC §4)', () => {
  test.each([
    [one, '/login', '/bots'],
    [one, '/', '/bots'],
    [one, '/bots/3/edit', null],
    // A reload elsewhere is not a landing: the one-section user stays (issue 11).
    [one, '/dashboard', null],
    [one, '/settings', null],
    [many, '/login', '/dashboard'],
    [many, '/', '/dashboard'],
    [many, '/login?redirect=%2Fusers', '/users'],
    [many, '/login?redirect=%2Flogin', '/dashboard'],
    [many, '/login?redirect=https%3A%2F%2Fevil.example', '/dashboard'],
    [many, '/users/4', null],
    [{}, '/login', '/dashboard'],
    // Global access false with no grant: the portal is closed to this user (SPEC §2 /error/access).
    [{ Global: { access: false } }, '/login', '/error/access'],
    [{ Global: { access: false } }, '/login?redirect=%2Fusers', '/error/access'],
    // Global access false beside grants ("no cross-account scope", issue 26): the sections decide.
    [{ ...one, Global: { access: false } }, '/login', '/bots'],
    [{ ...many, Global: { access: false } }, '/login?redirect=%2Fusers', '/users'],
    [{ ...many, Global: { access: true } }, '/login', '/dashboard'],
    // The clients list (Accounts browse) is not a SPEC §2 section: an Accounts-only user still lands on /accounts.
    [{ Accounts: on }, '/login', '/accounts'],
  ] as const)('%o from %s → %s', (perms, location, expected) => {
    expect(landingPath(perms, location)).toBe(expected);
  });
});
