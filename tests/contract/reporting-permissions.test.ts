import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { reportingClient } from './reporting-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PART_MODELS = ['Recordings', 'Transcripts', 'UsageSummaries', 'Call-Data'] as const;

/** The seeded Viewer role without the given models (Reporting read stays). */
function viewerWithout(models: readonly string[]) {
  const { db } = server.server;
  const role = db.prepare("SELECT id FROM roles WHERE name = 'Viewer'").get() as { id: number };
  db.prepare(`DELETE FROM role_permissions WHERE role_id = ? AND model IN (${models.map(() => '?').join(', ')})`).run(role.id, ...models);
  return role.id;
}

describe('SPEC §3 permission models gate their parts of a conversation (reference API)', () => {
  test('Reporting read opens the conversation; recordings, transcript, usage summary and call data need their own models', async () => {
    const roleId = viewerWithout(PART_MODELS);
    const { api } = await reportingClient(server.url, 'viewer@example.com');
    const [first] = (await api.conversations({ show: 1 })).data;
    await expect(api.conversation(first!.uuid)).resolves.toMatchObject({ uuid: first!.uuid });
    await expect(api.tab(first!.uuid, 'log')).resolves.toBeInstanceOf(Array);
    await expect(api.tab(first!.uuid, 'recordings')).rejects.toMatchObject({ status: 403 });
    await expect(api.tab(first!.uuid, 'transcript')).rejects.toMatchObject({ status: 403 });
    await expect(api.exportTranscript(first!.uuid, 'txt')).rejects.toMatchObject({ status: 403 });
    await expect(api.usageSummary(first!.uuid)).rejects.toMatchObject({ status: 403 });
    await expect(api.conversationData(first!.uuid)).rejects.toMatchObject({ status: 403 });

    // Each model opens exactly its own part.
    server.server.db
      .prepare('INSERT INTO role_permissions (role_id, model, browse, read, level) VALUES (?, ?, 1, 1, 1)')
      .run(roleId, 'Recordings');
    const again = await reportingClient(server.url, 'viewer@example.com');
    await expect(again.api.tab(first!.uuid, 'recordings')).resolves.toBeInstanceOf(Array);
    await expect(again.api.tab(first!.uuid, 'transcript')).rejects.toMatchObject({ status: 403 });
  });
});
