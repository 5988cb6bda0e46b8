import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

/**
 * Issue 27 item 7 (low): a role without Contacts read reads no contacts through a workflow's
 * contact picker, and a role without Transcripts read reads no transcript lines through quotes.
 * Users get exactly the grants named below; every check is real HTTP.
 */

type Grants = Record<string, ('browse' | 'read' | 'edit')[]>;

let server: TestServer;
let passwordHash: string;
let workflowId: number;
let workflowAccount: number;
let conversationId: number;
let conversationAccount: number;
beforeAll(async () => {
  server = await startTestServer();
  passwordHash = await hashPassword('password');
  const db = server.server.db;
  ({ id: workflowId, account_id: workflowAccount } = db
    .prepare('SELECT w.id, w.account_id FROM workflows w WHERE EXISTS (SELECT 1 FROM workflow_contacts wc WHERE wc.workflow_id = w.id) ORDER BY w.id LIMIT 1')
    .get() as { id: number; account_id: number });
  ({ id: conversationId, account_id: conversationAccount } = db
    .prepare('SELECT c.id, c.account_id FROM conversations c WHERE EXISTS (SELECT 1 FROM conversation_quotes q WHERE q.conversation_id = c.id) ORDER BY c.id LIMIT 1')
    .get() as { id: number; account_id: number });
});
afterAll(async () => {
  await server.close();
});

let serial = 0;
/** A verified user of `accountId` holding one new role with exactly these grants (level 1: own account). */
async function userWith(accountId: number, grants: Grants) {
  const db = server.server.db;
  serial += 1;
  const email = `picker-${serial}@example.com`;
  const userId = Number(
    db.prepare("INSERT INTO users (account_id, name, email, password_hash, email_verified_at) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z')")
      .run(accountId, `Picker ${serial}`, email, passwordHash).lastInsertRowid,
  );
  const roleId = Number(db.prepare('INSERT INTO roles (account_id, name) VALUES (NULL, ?)').run(`Picker ${serial}`).lastInsertRowid);
  for (const [model, actions] of Object.entries(grants)) {
    db.prepare('INSERT INTO role_permissions (role_id, model, browse, read, edit, level) VALUES (?, ?, ?, ?, ?, 1)').run(
      roleId, model, Number(actions.includes('browse')), Number(actions.includes('read')), Number(actions.includes('edit')),
    );
  }
  db.prepare('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)').run(userId, roleId);
  return signedIn(server.url, email);
}

async function expectForbidden(response: Response) {
  expect(response.status).toBe(403);
  expect((await json(response)).message).toBe('This action is unauthorized.');
}

describe('issue 27 item 7: the workflow contact picker needs Contacts read', () => {
  const workflows: Grants = { Workflows: ['browse', 'read', 'edit'] };

  test('without Contacts read, the assigned and available lists and the link writes answer 403', async () => {
    const user = await userWith(workflowAccount, workflows);
    expect((await user(`/api/v1/workflows/${workflowId}`)).status).toBe(200);
    await expectForbidden(await user(`/api/v1/workflows/${workflowId}/contacts`));
    await expectForbidden(await user(`/api/v1/workflows/${workflowId}/contacts/available`));
    const contactId = (server.server.db.prepare('SELECT contact_id FROM workflow_contacts WHERE workflow_id = ? LIMIT 1').get(workflowId) as { contact_id: number }).contact_id;
    // Assigning again would answer the link with its contact summary; unchanged link, no write.
    await expectForbidden(await user(`/api/v1/workflows/${workflowId}/contacts/${contactId}`, { method: 'POST', json: {} }));
    await expectForbidden(await user(`/api/v1/workflows/${workflowId}/contacts/${contactId}`, { method: 'PATCH', json: {} }));
  });

  test('with Contacts read as well, the picker lists contacts', async () => {
    const user = await userWith(workflowAccount, { ...workflows, Contacts: ['browse', 'read'] });
    const assigned = await user(`/api/v1/workflows/${workflowId}/contacts`);
    expect(assigned.status).toBe(200);
    expect(((await json(assigned)).data as { contact: { name: string } }[])[0]?.contact.name).toEqual(expect.any(String));
    expect((await user(`/api/v1/workflows/${workflowId}/contacts/available`)).status).toBe(200);
  });
});

describe('issue 27 item 7: quotes need Transcripts read', () => {
  const reporting: Grants = { Reporting: ['browse', 'read'] };

  test('without Transcripts read, a conversation opens but its quotes answer 403', async () => {
    const user = await userWith(conversationAccount, reporting);
    expect((await user(`/api/v1/reporting/conversations/${conversationId}`)).status).toBe(200);
    await expectForbidden(await user(`/api/v1/reporting/conversations/${conversationId}/quotes`));
    await expectForbidden(await user(`/api/v1/reporting/conversations/${conversationId}/transcript`));
  });

  test('with Transcripts read as well, the quotes are listed', async () => {
    const user = await userWith(conversationAccount, { ...reporting, Transcripts: ['read'] });
    const quotes = await user(`/api/v1/reporting/conversations/${conversationId}/quotes`);
    expect(quotes.status).toBe(200);
    expect(((await json(quotes)).data as { text: string }[]).length).toBeGreaterThan(0);
  });
});
