import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { ACME, allPages, call, expectListEnvelope, GLOBEX, signIn, type Client, type Json } from './resources-client';

let server: TestServer;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  server = await startTestServer();
  [admin, viewer] = await Promise.all([signIn(server, 'admin@example.com'), signIn(server, 'viewer@example.com')]);
});
afterAll(async () => {
  await server.close();
});

const first = async (client: Client, path: string): Promise<Json> => (await call(client, path)).body.data[0] as Json;

/** Every link relation of SPEC §7: parent section, segment, the parent's id-list field. */
const RELATIONS = [
  { parent: 'roles', segment: 'dispositions' },
  { parent: 'roles', segment: 'scorecards' },
  { parent: 'instances', segment: 'dispositions' },
  { parent: 'instances', segment: 'scorecards' },
  { parent: 'agents', segment: 'tools' },
  { parent: 'bots', segment: 'agents' },
  { parent: 'workflows', segment: 'dispositions' },
] as const;

/** A parent's record body (workflows answer bare). */
async function readParent(parent: string, id: number): Promise<Json> {
  const response = await call(admin, `/${parent}/${id}`);
  return parent === 'workflows' ? response.body : response.body.data;
}

describe.each(RELATIONS)('/api/v1/$parent/{id}/$segment', ({ parent, segment }) => {
  test('list, available (show=100&page=1), assign, remove; the parent’s id list follows', async () => {
    const owner = await first(admin, `/${parent}/?account_id=${ACME}`);
    const assigned = await call(admin, `/${parent}/${owner.id}/${segment}/`);
    expect(assigned.status).toBe(200);
    expectListEnvelope(assigned.body);
    expect(assigned.body.data.map((r: Json) => r.id).sort()).toEqual([...owner[segment]].sort());

    const available = await call(admin, `/${parent}/${owner.id}/${segment}/available/?show=100&page=1`);
    expect(available.status).toBe(200);
    expect(available.body.meta).toMatchObject({ per_page: 100, current_page: 1 });
    const availableIds: number[] = available.body.data.map((r: Json) => r.id);
    expect(availableIds.length).toBeGreaterThan(0);
    for (const row of available.body.data) expect(row.account_id).toBe(ACME);
    for (const id of owner[segment] as number[]) expect(availableIds).not.toContain(id);

    const child = available.body.data[0] as Json;
    const added = await call(admin, `/${parent}/${owner.id}/${segment}/${child.id}`, { method: 'POST', json: {} });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual(child);
    // Assigning again changes nothing.
    expect((await call(admin, `/${parent}/${owner.id}/${segment}/${child.id}`, { method: 'POST' })).status).toBe(200);
    expect((await readParent(parent, owner.id))[segment]).toContain(child.id);
    const afterAdd = await call(admin, `/${parent}/${owner.id}/${segment}/available/?show=100&page=1`);
    expect(afterAdd.body.data.map((r: Json) => r.id)).not.toContain(child.id);
    expect((await call(admin, `/${parent}/${owner.id}/${segment}/?filter[id]=${child.id}`)).body.data).toEqual([child]);

    const removed = await call(admin, `/${parent}/${owner.id}/${segment}/${child.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual(child);
    expect((await readParent(parent, owner.id))[segment]).not.toContain(child.id);
    const again = await call(admin, `/${parent}/${owner.id}/${segment}/${child.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Record not assigned.' });
  });

  test('children of another account cannot be assigned; other accounts’ parents read as 404; the viewer cannot write', async () => {
    const owner = await first(admin, `/${parent}/?account_id=${ACME}`);
    const foreignChild = (await call(admin, `/${parent}/${(await first(admin, `/${parent}/?account_id=${GLOBEX}`)).id}/${segment}/available/?show=100&page=1`)).body.data[0] as Json;
    expect(foreignChild.account_id).toBe(GLOBEX);
    expect((await call(admin, `/${parent}/${owner.id}/${segment}/${foreignChild.id}`, { method: 'POST' })).status).toBe(404);

    expect((await call(viewer, `/${parent}/${owner.id}/${segment}/`)).status).toBe(404);
    expect((await call(viewer, `/${parent}/${owner.id}/${segment}/available/?show=100&page=1`)).status).toBe(404);
    const viewerOwner = await first(viewer, `/${parent}/`);
    expect((await call(viewer, `/${parent}/${viewerOwner.id}/${segment}/`)).status).toBe(200);
    const attempt = await call(viewer, `/${parent}/${viewerOwner.id}/${segment}/${foreignChild.id}`, { method: 'POST' });
    expect(attempt.status).toBe(403);
    expect((await call(viewer, `/${parent}/${viewerOwner.id}/${segment}/${foreignChild.id}`, { method: 'DELETE' })).status).toBe(403);
  });
});

describe.each(['roles', 'instances'])('/api/v1/%s/{id}/slots-brief', (parent) => {
  test('counts assigned and available dispositions and scorecards, and follows an assignment', async () => {
    const owner = await first(admin, `/${parent}/?account_id=${ACME}`);
    const brief = await call(admin, `/${parent}/${owner.id}/slots-brief`);
    expect(brief.status).toBe(200);
    const dispositionsTotal = (await call(admin, `/dispositions/?account_id=${ACME}`)).body.meta.total as number;
    expect(brief.body).toEqual({
      data: {
        dispositions: { assigned: owner.dispositions.length, available: dispositionsTotal - owner.dispositions.length },
        scorecards: { assigned: owner.scorecards.length, available: expect.any(Number) },
      },
    });
    const child = (await call(admin, `/${parent}/${owner.id}/dispositions/available/?show=100&page=1`)).body.data[0] as Json;
    await call(admin, `/${parent}/${owner.id}/dispositions/${child.id}`, { method: 'POST' });
    const after = (await call(admin, `/${parent}/${owner.id}/slots-brief`)).body.data;
    expect(after.dispositions).toEqual({ assigned: owner.dispositions.length + 1, available: dispositionsTotal - owner.dispositions.length - 1 });
    await call(admin, `/${parent}/${owner.id}/dispositions/${child.id}`, { method: 'DELETE' });
    expect((await call(viewer, `/${parent}/${owner.id}/slots-brief`)).status).toBe(404);
  });
});

describe('workflow contacts', () => {
  test('list links, available contacts, assign with a body, update with a body, remove', async () => {
    const workflow = await first(admin, `/workflows/?account_id=${ACME}`);
    const links = await call(admin, `/workflows/${workflow.id}/contacts/?show=100`);
    expectListEnvelope(links.body);
    expect(links.body.data.map((l: Json) => l.contact_id).sort()).toEqual([...workflow.contacts].sort());
    for (const link of links.body.data) {
      expect(link).toMatchObject({
        workflow_id: workflow.id, status: expect.stringMatching(/^(pending|active|done)$/), attempts: expect.any(Number),
        contact: { id: link.contact_id, name: expect.any(String) },
      });
    }

    const available = await call(admin, `/workflows/${workflow.id}/contacts/available/?show=100&page=1`);
    expect(available.body.meta.per_page).toBe(100);
    const contact = available.body.data[0] as Json;
    expect(workflow.contacts).not.toContain(contact.id);

    const added = await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, {
      method: 'POST', json: { status: 'active', scheduled_at: '2026-12-01T09:30:00+01:00', attempts: 1 },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({
      contact_id: contact.id, workflow_id: workflow.id, status: 'active', scheduled_at: '2026-12-01T08:30:00.000Z', attempts: 1,
      created_at: expect.any(String), updated_at: expect.any(String),
      contact: { id: contact.id, name: contact.name, phone_number: contact.phone_number, email: contact.email },
    });
    expect((await call(admin, `/workflows/${workflow.id}`)).body.contacts).toContain(contact.id);

    const updated = await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, { method: 'PATCH', json: { status: 'done', attempts: 2, scheduled_at: null } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ status: 'done', attempts: 2, scheduled_at: null });
    const bad = await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, { method: 'PATCH', json: { status: 'lost', scheduled_at: 'soon' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ['The selected status is invalid.'], scheduled_at: ['The scheduled at field must be a valid date.'] });

    const filtered = await call(admin, `/workflows/${workflow.id}/contacts/?filter[status]=done&search=${encodeURIComponent(contact.name)}`);
    expect(filtered.body.data.map((l: Json) => l.contact_id)).toContain(contact.id);

    const removed = await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ contact_id: contact.id, status: 'done' });
    expect((await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, { method: 'PATCH', json: { attempts: 3 } })).status).toBe(404);
    expect((await call(admin, `/workflows/${workflow.id}`)).body.contacts).not.toContain(contact.id);
  });

  test('assign without a body uses the defaults; the viewer cannot write; foreign contacts are 404', async () => {
    const workflow = await first(admin, `/workflows/?account_id=${ACME}`);
    const contact = (await call(admin, `/workflows/${workflow.id}/contacts/available/?show=100&page=1`)).body.data[1] as Json;
    const added = await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, { method: 'POST' });
    expect(added.body.data).toMatchObject({ status: 'pending', scheduled_at: null, attempts: 0 });
    await call(admin, `/workflows/${workflow.id}/contacts/${contact.id}`, { method: 'DELETE' });

    const foreign = await first(admin, `/contacts/?account_id=${GLOBEX}`);
    expect((await call(admin, `/workflows/${workflow.id}/contacts/${foreign.id}`, { method: 'POST' })).status).toBe(404);
    const own = await first(viewer, '/workflows/');
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      expect((await call(viewer, `/workflows/${own.id}/contacts/${foreign.id}`, { method, json: {} })).status).toBe(403);
    }
    expect((await call(viewer, `/workflows/${workflow.id}/contacts/`)).status).toBe(404);
  });
});

describe('GET /api/v1/contacts/{id}/workflows', () => {
  test('the workflows a contact is on, each with its link; filters on the link status and the trigger', async () => {
    const workflow = await first(admin, `/workflows/?account_id=${ACME}`);
    const contactId = workflow.contacts[0] as number;
    expect(contactId).toBeDefined();
    const list = await call(admin, `/contacts/${contactId}/workflows`);
    expect(list.status).toBe(200);
    expectListEnvelope(list.body);
    const row = list.body.data.find((w: Json) => w.id === workflow.id) as Json;
    expect(row).toMatchObject({ id: workflow.id, name: workflow.name, trigger: workflow.trigger, link: { status: expect.any(String), attempts: expect.any(Number) } });
    for (const w of list.body.data) expect(w.contacts).toContain(contactId);

    const byStatus = await call(admin, `/contacts/${contactId}/workflows?filter[status]=${row.link.status}`);
    for (const w of byStatus.body.data) expect(w.link.status).toBe(row.link.status);
    expect(byStatus.body.data.map((w: Json) => w.id)).toContain(workflow.id);
    const byTrigger = await call(admin, `/contacts/${contactId}/workflows?filter[trigger]=${workflow.trigger}`);
    for (const w of byTrigger.body.data) expect(w.trigger).toBe(workflow.trigger);
    expect((await call(viewer, `/contacts/${contactId}/workflows`)).status).toBe(404);
  });
});

describe('GET /api/v1/clients/', () => {
  test('a read-only, paginated, account-scoped list', async () => {
    const clients = await allPages(admin, '/clients/?show=25');
    expect(clients.total).toBeGreaterThanOrEqual(60);
    expect(clients.pages).toBe(Math.ceil(clients.total / 25));
    const mine = await allPages(viewer, '/clients/');
    expect(mine.pages).toBeGreaterThanOrEqual(2);
    for (const row of mine.rows) expect(Object.keys(row).sort()).toEqual(['account_id', 'created_at', 'id', 'name', 'updated_at']);
    for (const row of mine.rows) expect(row.account_id).toBe(GLOBEX);
    expect((await call(admin, '/clients/', { method: 'POST', json: { name: 'x' } })).status).toBe(404);
    expect((await call(admin, `/clients/${mine.rows[0]?.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
