import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

let server: TestServer;
let administratorRoleId: number;
beforeAll(async () => {
  server = await startTestServer();
  // Fixture: Staff (level 1, every action incl. Roles edit/delete, own account) as a verified sign-in.
  server.server.db.prepare("UPDATE users SET email_verified_at = '2024-01-01T00:00:00.000Z' WHERE email = 'unverified@example.com'").run();
  administratorRoleId = (server.server.db.prepare("SELECT id FROM roles WHERE name = 'Administrator'").get() as { id: number }).id;
});
afterAll(async () => {
  await server.close();
});

const rolePath = () => `/api/v1/roles/${administratorRoleId}`;

describe('finding 4: a role is edited or deleted only by someone holding all its grants', () => {
  test('level-1 staff with Roles edit/delete cannot rename, relink or delete the Administrator role', async () => {
    const staff = await signedIn(server.url, 'unverified@example.com');
    const rename = await staff(rolePath(), { method: 'PATCH', json: { name: 'Nobody' } });
    expect(rename.status).toBe(403);
    const remove = await staff(rolePath(), { method: 'DELETE' });
    expect(remove.status).toBe(403);
    expect((await staff(`${rolePath()}/dispositions/1`, { method: 'POST' })).status).toBe(403);
    const admin = await signedIn(server.url, 'admin@example.com');
    const role = await json(await admin(rolePath()));
    expect(role.data.name).toBe('Administrator');
    // The administrator still has every permission.
    const permissions = await json(await admin('/api/v1/user/permissions'));
    expect(permissions.data?.Users ?? permissions.Users).toMatchObject({ edit: true, level: 9 });
  });

  test('staff still edit roles that grant no more than they have', async () => {
    const staff = await signedIn(server.url, 'unverified@example.com');
    const created = await staff('/api/v1/roles', { method: 'POST', json: { name: 'Helpers' } });
    expect(created.status).toBe(201);
    const id = (await json(created)).data.id as number;
    expect((await staff(`/api/v1/roles/${id}`, { method: 'PATCH', json: { name: 'Helpers 2' } })).status).toBe(200);
    expect((await staff(`/api/v1/roles/${id}`, { method: 'DELETE' })).status).toBe(200);
  });

  test('the last role carrying a global grant cannot be deleted, even with Global access', async () => {
    // Fixture: staff gets the Global flag (but not the Administrator role), so "you hold it" does not apply.
    server.server.db.prepare("UPDATE users SET is_admin = 1 WHERE email = 'unverified@example.com'").run();
    try {
      const globalStaff = await signedIn(server.url, 'unverified@example.com');
      const remove = await globalStaff(rolePath(), { method: 'DELETE' });
      expect(remove.status).toBe(422);
      expect((await json(remove)).errors.id[0]).toBe('The last role granting global (level 9) access cannot be deleted.');
    } finally {
      server.server.db.prepare("UPDATE users SET is_admin = 0 WHERE email = 'unverified@example.com'").run();
    }
  });
});
