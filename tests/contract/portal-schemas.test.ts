import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parsePayload, readList, readRecord } from '../../src/api/envelope';
import { itemsOf, readItems } from '../../src/api/relations';
import { recordOrNull, RESOURCE_DEFS, RESOURCE_KEYS } from '../../src/api/resources';
import { clientSchema } from '../../src/api/schemas/client';
import { availablePhoneNumberSchema, phoneCountrySchema, slotsBriefSchema } from '../../src/api/schemas/phoneNumber';
import { roleSchema } from '../../src/api/schemas/role';
import { workflowContactSchema } from '../../src/api/schemas/workflow';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

/**
 * The reference API's real responses, parsed by the portal's own zod schemas (DESIGN §6): a
 * field renamed or retyped on either side fails here, not in a browser.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server.url, 'admin@example.com');
});
afterAll(async () => {
  await server?.close();
});

async function json(path: string, init?: Parameters<typeof admin>[1]): Promise<unknown> {
  const response = await admin(`/api/v1${path}`, init);
  expect(response.status, `${init?.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return response.json();
}

describe('every standard resource: list, record, add, edit parse with the portal schemas', () => {
  test.each(RESOURCE_KEYS)('%s', async (key) => {
    const def = RESOURCE_DEFS[key];
    const list = readList(def.schema, await json(`/${def.path}/?show=5`));
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.meta.total).toBeGreaterThanOrEqual(list.data.length);
    const first = list.data[0]!;
    const payload = await json(`/${def.path}/${first.id}`);
    const record = 'bareRecord' in def && def.bareRecord ? parsePayload(def.schema, payload) : readRecord(def.schema, payload);
    expect(record.id).toBe(first.id);
    // Unknown fields are kept, known ones typed.
    expect(Object.keys(record).length).toBeGreaterThanOrEqual(Object.keys(first).length - 1);
  });

  test('a list’s links paginate as given', async () => {
    const page1 = readList(RESOURCE_DEFS.contacts.schema, await json('/contacts/?show=10'));
    expect(page1.links.next).toMatch(/^http/);
    const page2 = readList(RESOURCE_DEFS.contacts.schema, await (await admin(page1.links.next!)).json());
    expect(page2.meta.current_page).toBe(2);
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id);
  });

  test('create and edit answers parse (workflow edit: the bare record; workflow add: in data)', async () => {
    const created = recordOrNull(RESOURCE_DEFS.workflows.schema, await json('/workflows/', { method: 'POST', json: { name: 'Contract flow', trigger: 'chat', steps: [{ name: 'Greet', action_id: null }] } }));
    expect(created?.name).toBe('Contract flow');
    const edited = parsePayload(RESOURCE_DEFS.workflows.schema, await json(`/workflows/${created!.id}`, { method: 'PATCH', json: { name: 'Renamed flow' } }));
    expect(edited.name).toBe('Renamed flow');
    expect(edited.steps?.[0]?.name).toBe('Greet');
    const disposition = recordOrNull(RESOURCE_DEFS.dispositions.schema, await json('/dispositions/', { method: 'POST', json: { label: 'Contract label' } }));
    expect(disposition?.label).toBe('Contract label');
    const scorecard = recordOrNull(RESOURCE_DEFS.scorecards.schema, await json('/scorecards/', { method: 'POST', json: { name: 'QA', criteria: [{ label: 'Greeting', weight: 2 }] } }));
    expect(scorecard?.criteria?.[0]).toMatchObject({ label: 'Greeting', weight: 2 });
  });
});

describe('relations and section calls parse with the portal schemas', () => {
  test('roles/instances/workflows ↔ dispositions and scorecards, available lists, slots-brief', async () => {
    const role = readList(roleSchema, await json('/roles/?show=1')).data[0]!;
    for (const segment of ['dispositions', 'scorecards'] as const) {
      const schema = RESOURCE_DEFS[segment].schema;
      readItems(schema, await json(`/roles/${role.id}/${segment}/`));
      const available = itemsOf(readItems(schema, await json(`/roles/${role.id}/${segment}/available/?show=100&page=1`)));
      expect(Array.isArray(available)).toBe(true);
    }
    const slots = readRecord(slotsBriefSchema, await json(`/roles/${role.id}/slots-brief`));
    expect(typeof slots.dispositions?.assigned).toBe('number');
    const instance = readList(RESOURCE_DEFS.instances.schema, await json('/instances/?show=1')).data[0]!;
    readRecord(slotsBriefSchema, await json(`/instances/${instance.id}/slots-brief`));
    const workflow = readList(RESOURCE_DEFS.workflows.schema, await json('/workflows/?show=1')).data[0]!;
    readItems(RESOURCE_DEFS.dispositions.schema, await json(`/workflows/${workflow.id}/dispositions/`));
  });

  test('workflow contacts, contact workflows, users ↔ roles', async () => {
    const workflow = readList(RESOURCE_DEFS.workflows.schema, await json('/workflows/?show=1')).data[0]!;
    const links = itemsOf(readItems(workflowContactSchema, await json(`/workflows/${workflow.id}/contacts/`)));
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]!.contact?.name).toBeTruthy();
    const available = itemsOf(readItems(RESOURCE_DEFS.contacts.schema, await json(`/workflows/${workflow.id}/contacts/available/?show=100&page=1`)));
    const assigned = readRecord(workflowContactSchema, await json(`/workflows/${workflow.id}/contacts/${available[0]!.id}`, { method: 'POST', json: {} }));
    expect(assigned.contact_id).toBe(available[0]!.id);
    readRecord(workflowContactSchema, await json(`/workflows/${workflow.id}/contacts/${available[0]!.id}`, { method: 'PATCH', json: { status: 'active' } }));
    readItems(RESOURCE_DEFS.workflows.schema, await json(`/contacts/${links[0]!.contact_id}/workflows`));
    const user = readList(RESOURCE_DEFS.users.schema, await json('/users/?show=1')).data[0]!;
    readItems(roleSchema, await json(`/users/${user.id}/roles`));
    readItems(roleSchema, await json('/user/roles?show=100&page=1'));
  });

  test('agents ↔ tools and bots ↔ agents available lists; duplicates', async () => {
    const agent = readList(RESOURCE_DEFS.agents.schema, await json('/agents/?show=1')).data[0]!;
    readItems(RESOURCE_DEFS.tools.schema, await json(`/agents/${agent.id}/tools/available/?show=100&page=1`));
    expect(recordOrNull(RESOURCE_DEFS.agents.schema, await json(`/agents/${agent.id}/duplicate`, { method: 'POST' }))?.name).toMatch(/\(copy\)$/);
    const bot = readList(RESOURCE_DEFS.bots.schema, await json('/bots/?show=1')).data[0]!;
    readItems(RESOURCE_DEFS.agents.schema, await json(`/bots/${bot.id}/agents/available/?show=100&page=1`));
    expect(recordOrNull(RESOURCE_DEFS.bots.schema, await json(`/bots/${bot.id}/duplicate`, { method: 'POST' }))?.name).toMatch(/\(copy\)$/);
  });

  test('phone numbers: countries, search, purchase', async () => {
    const countries = itemsOf(readItems(phoneCountrySchema, await json('/instances/phonenumbers/countries')));
    expect(countries.map((c) => c.code)).toContain('US');
    const numbers = itemsOf(readItems(availablePhoneNumberSchema, await json('/instances/phonenumbers/US?show=5')));
    const instance = readList(RESOURCE_DEFS.instances.schema, await json('/instances/?show=1')).data[0]!;
    const updated = readRecord(RESOURCE_DEFS.instances.schema, await json(`/instances/${instance.id}/${numbers[0]!.phone_number}`, { method: 'POST' }));
    expect(updated.phone_number).toBe(numbers[0]!.phone_number);
  });

  test('clients: read-only list', async () => {
    expect(readList(clientSchema, await json('/clients/')).data.length).toBeGreaterThan(0);
  });
});
