import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { chooseAccount } from '../../support/chooseAccount';
import { readOnlyPermissions, recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers, listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

const llm = (id: number, name: string) => ({ id, account_id: 1, name, provider: 'openai', model: 'gpt-4o', base_url: null, temperature: 0.4, max_tokens: 1024 });

describe('generic form page', () => {
  // The first test of the file also waits for the form's lazy chunk: more than the 5 s default on a busy machine.
  test('zod validation runs before sending: nothing is posted while a required field is empty', { timeout: 15000 }, async () => {
    const requests = recordRequests();
    await renderPortal('/llms/new', { handlers: crudHandlers('llms', []) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create LLM' }, { timeout: 10000 }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('The name field is required.');
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveAccessibleDescription('The provider field is required.');
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'not a url');
    await user.type(screen.getByRole('textbox', { name: 'Temperature' }), '7');
    await user.click(screen.getByRole('button', { name: 'Create LLM' }));
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveAccessibleDescription('Enter a valid URL.');
    expect(screen.getByRole('textbox', { name: 'Temperature' })).toHaveAccessibleDescription('Enter at most 2.');
    expect(requests.some((r) => r.startsWith('POST'))).toBe(false);
    mswServer.events.removeAllListeners();
  });

  test('server 422 messages sit next to their fields, the summary is shown, and what was typed stays', async () => {
    await renderPortal('/bots/new', {
      handlers: [
        http.post(`${API}/api/v1/bots/`, () => HttpResponse.json({ message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } }, { status: 422 })),
        http.get(`${API}/api/v1/instances/`, () => HttpResponse.json(listBody([{ id: 3, name: 'Main line' }]))),
      ],
    });
    const user = userEvent.setup();
    // Under "All accounts" a new record asks whose it is (issue 12 item 2).
    await chooseAccount(user);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Support bot');
    await user.type(screen.getByRole('textbox', { name: 'Greeting' }), 'Hello!');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Instance' }), await screen.findByRole('option', { name: 'Main line' }));
    await user.click(screen.getByRole('button', { name: 'Create bot' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('New Record Failed');
    expect(alert).toHaveTextContent('The name has already been taken.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('The name has already been taken.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Support bot');
    expect(screen.getByRole('textbox', { name: 'Greeting' })).toHaveValue('Hello!');
    expect(screen.getByRole('combobox', { name: 'Instance' })).toHaveValue('3');
  });

  test('a successful add sends the typed body and opens the new record', async () => {
    const rows: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/dispositions/new', { handlers: crudHandlers('dispositions', rows) });
    const user = userEvent.setup();
    // Under "All accounts" a new record asks whose it is (issue 12 item 2).
    await chooseAccount(user);
    await user.type(await screen.findByRole('textbox', { name: /^Label/ }), 'Callback requested');
    await user.click(screen.getByRole('button', { name: 'Create disposition' }));
    await waitFor(() => expect(here()).toBe('/dispositions/100'));
    expect(rows[0]).toMatchObject({ label: 'Callback requested' });
    expect(rows[0]).not.toHaveProperty('description');
    expect(await screen.findByRole('heading', { level: 1, name: 'Callback requested' })).toBeInTheDocument();
  });

  test('a new record leaves out every untouched optional field (no "" for a select, no null), so the API’s defaults apply', async () => {
    const rows: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/feedback/new', { handlers: crudHandlers('feedback', rows) });
    const user = userEvent.setup();
    // Under "All accounts" a new record asks whose it is (issue 12 item 2).
    await chooseAccount(user);
    await user.type(await screen.findByRole('textbox', { name: /^Rating/ }), '4');
    await user.click(screen.getByRole('button', { name: 'Create feedback' }));
    await waitFor(() => expect(here()).toBe('/feedback/100'));
    expect(rows[0]).toEqual({ id: 100, account_id: 1, rating: 4 });
  });

  test('edit sends a cleared optional field as null (Laravel `nullable`), never as ""', async () => {
    const rows = [llm(5, 'GPT prod')];
    const { here } = await renderPortal('/llms/5/edit', { handlers: crudHandlers('llms', rows) });
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Temperature' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/llms/5'));
    expect(rows[0]).toMatchObject({ name: 'GPT prod', temperature: null, base_url: null, max_tokens: 1024 });
  });

  test('edit loads the record, PATCHes the change and returns to the record', async () => {
    const rows = [llm(5, 'GPT prod')];
    const { here } = await renderPortal('/llms/5/edit', { handlers: crudHandlers('llms', rows) });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('GPT prod');
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'GPT staging');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/llms/5'));
    expect(rows[0]).toMatchObject({ name: 'GPT staging', temperature: 0.4, max_tokens: 1024 });
  });

  test('SPEC §2’s edit helper /{model}/edit/{id} opens the same edit page', async () => {
    const rows = [llm(5, 'GPT prod')];
    const { here } = await renderPortal('/llms/edit/5', { handlers: crudHandlers('llms', rows) });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('GPT prod');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/llms/5'));
  });

  test('edit failure shows "Edit Record Failed" with the detail', async () => {
    await renderPortal('/llms/5/edit', {
      handlers: [http.patch(`${API}/api/v1/llms/5`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })), ...crudHandlers('llms', [llm(5, 'GPT prod')])],
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Edit Record Failed');
    expect(alert).toHaveTextContent('Server Error');
  });
});

describe('generic detail page', () => {
  test('shows fields, Edit and Delete for an editor; a read-only user sees neither', async () => {
    await renderPortal('/llms/5', { handlers: crudHandlers('llms', [llm(5, 'GPT prod')]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'GPT prod' })).toBeInTheDocument();
    expect(screen.getByText('gpt-4o')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit GPT prod' })).toHaveAttribute('href', '/llms/5/edit');
    expect(screen.getByRole('button', { name: 'Delete GPT prod' })).toBeInTheDocument();
  });

  test('read-only: no edit or delete', async () => {
    await renderPortal('/llms/5', { handlers: crudHandlers('llms', [llm(5, 'GPT prod')]), permissions: readOnlyPermissions(['LLMs']) });
    await screen.findByRole('heading', { level: 1, name: 'GPT prod' });
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  test('the active tab comes from the last path segment; relation assign and remove', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/dispositions/available/`, () => HttpResponse.json(listBody([{ id: 2, label: 'Callback' }]))),
      http.get(`${API}/api/v1/roles/4/dispositions/`, () => HttpResponse.json(listBody([{ id: 1, label: 'No answer' }]))),
      http.post(`${API}/api/v1/roles/4/dispositions/2`, () => HttpResponse.json({ data: { id: 2, label: 'Callback' } }, { status: 201 })),
      http.delete(`${API}/api/v1/roles/4/dispositions/1`, () => HttpResponse.json({ data: { id: 1, label: 'No answer' } })),
    );
    await renderPortal('/roles/4/dispositions', { handlers: crudHandlers('roles', [{ id: 4, name: 'Supervisor', description: 'Leads' }]) });
    const tabs = await screen.findByRole('navigation', { name: 'Record sections' });
    expect(within(tabs).getByRole('link', { name: 'Dispositions' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Details' })).not.toHaveAttribute('aria-current');
    const assigned = await screen.findByRole('list', { name: 'Assigned dispositions' });
    expect(within(assigned).getByRole('link', { name: 'No answer' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Available dispositions' }), await screen.findByRole('option', { name: 'Callback' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await within(assigned).findByRole('link', { name: 'Callback' });
    await user.click(screen.getByRole('button', { name: 'Remove No answer' }));
    await waitFor(() => expect(within(assigned).queryByRole('link', { name: 'No answer' })).toBeNull());
  });

  test('a failed disposition assign is only logged: no alert', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/dispositions/available/`, () => HttpResponse.json(listBody([{ id: 2, label: 'Callback' }]))),
      http.get(`${API}/api/v1/roles/4/dispositions/`, () => HttpResponse.json(listBody([]))),
      http.post(`${API}/api/v1/roles/4/dispositions/2`, () => HttpResponse.json({ message: 'Nope' }, { status: 500 })),
    );
    const warn = console.warn;
    const logged: unknown[] = [];
    console.warn = (...args: unknown[]) => logged.push(args);
    try {
      await renderPortal('/roles/4/dispositions', { handlers: crudHandlers('roles', [{ id: 4, name: 'Supervisor' }]) });
      const user = userEvent.setup();
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Available dispositions' }), await screen.findByRole('option', { name: 'Callback' }));
      await user.click(screen.getByRole('button', { name: 'Assign' }));
      await waitFor(() => expect(logged.length).toBe(1));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      console.warn = warn;
    }
  });

  test('delete from the record asks first, then goes back to the list', async () => {
    const rows = [llm(5, 'GPT prod'), llm(6, 'Other')];
    const { here } = await renderPortal('/llms/5', { handlers: crudHandlers('llms', rows) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete GPT prod' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete LLM?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(here()).toBe('/llms'));
    expect(rows.map((r) => r.name)).toEqual(['Other']);
  });

  test('a failed read shows its section summary, the server’s message beside SPEC’s text, and Try again', async () => {
    await renderPortal('/bots/9', { handlers: [http.get(`${API}/api/v1/bots/9`, () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }))] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Bot');
    expect(alert).toHaveTextContent('API Error, please try again.');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('a stale link (404) is "Record Not Found": a plain detail, no retry, a link back to the list', async () => {
    const message = 'No query results for model [App\\Models\\Bot] 9999';
    const { here } = await renderPortal('/bots/9999', { handlers: [http.get(`${API}/api/v1/bots/9999`, () => HttpResponse.json({ message }, { status: 404 }))] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Record Not Found');
    expect(alert).toHaveTextContent('This record does not exist or you cannot see it');
    expect(screen.queryByText(/App\\Models/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Bots' }));
    await waitFor(() => expect(here()).toBe('/bots'));
  });
});
