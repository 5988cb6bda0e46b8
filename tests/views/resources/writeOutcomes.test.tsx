import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { chooseAccount } from '../../support/chooseAccount';
import { createDisposition, toastRegion } from '../../support/createDisposition';
import { renderPortal } from '../../support/renderPortal';
import { bot, crudHandlers, listBody } from '../../support/resourceFixtures';

const instancesList = http.get(`${API}/api/v1/instances/`, () => HttpResponse.json(listBody([{ id: 3, name: 'Main line' }])));
const botFile = (name: string, agents: string[]) =>
  new File([JSON.stringify({ format: 'agent-portal.bot', version: 1, bot: { name }, agents: agents.map((a) => ({ name: a })) })], 'bot.json', { type: 'application/json' });

/** Issue 26 item 9: after a write focus goes to its outcome, never to the page body; bot writes say what they did. */
describe('focus and feedback after every write', () => {
  test('create, then save: the record’s heading takes focus', { timeout: 40000 }, async () => {
    const rows: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/dispositions/new', { handlers: crudHandlers('dispositions', rows) });
    const user = userEvent.setup();
    await createDisposition(user, here);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Callback requested' })).toHaveFocus());

    await user.click(screen.getByRole('link', { name: /^Edit/ }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/dispositions/100'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Callback requested' })).toHaveFocus());
  });

  test('a delete on the record’s page: back on the list, its heading takes focus', { timeout: 20000 }, async () => {
    const { here } = await renderPortal('/tools/1', { handlers: crudHandlers('tools', [{ id: 1, name: 'Tool A', kind: 'http' }, { id: 2, name: 'Tool B', kind: 'http' }]) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tool A' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(here()).toMatch(/^\/tools(\?|$)/));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Tools' })).toHaveFocus());
  });

  test('a duplicate says which bot it made from which, with how many agents, and its heading takes focus', { timeout: 20000 }, async () => {
    const copy = { ...bot(40, 'Bot 3 (copy)'), agents: [7, 8, 9] };
    const { here } = await renderPortal('/bots/3/duplicate', {
      handlers: [http.post(`${API}/api/v1/bots/3/duplicate`, () => HttpResponse.json({ data: copy }, { status: 201 })), ...crudHandlers('bots', [bot(3), copy])],
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Duplicate bot' }));
    await waitFor(() => expect(here()).toBe('/bots/40'));
    expect(await within(toastRegion()).findByText('Created “Bot 3 (copy)”, a copy of “Bot 3”, with the same 3 agents. It is on no instance yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Bot 3 (copy)' })).toHaveFocus());
  });

  test('an import says what it created, and the new bot’s heading takes focus', { timeout: 20000 }, async () => {
    const created = { ...bot(77, 'Sales bot'), agents: [1, 2] };
    let posts = 0;
    const rows: Array<Record<string, unknown>> = [bot(1)];
    const { here } = await renderPortal('/bots', {
      handlers: [
        http.post(`${API}/api/v1/bots/`, () => {
          posts += 1;
          rows.push(created);
          return HttpResponse.json({ data: created }, { status: 201 });
        }),
        instancesList,
        ...crudHandlers('bots', rows),
      ],
    });
    const user = userEvent.setup();
    await chooseAccount(user);
    await user.upload(await screen.findByLabelText('Bot file'), botFile('Sales bot', ['Greeter', 'Closer']));
    await user.click(await screen.findByRole('button', { name: 'Import bot' }));
    await waitFor(() => expect(here()).toBe('/bots/77'));
    expect(posts).toBe(1);
    expect(await within(toastRegion()).findByText('Imported “Sales bot” with 2 agents.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sales bot' })).toHaveFocus());
  });

  test('importing a bot the account already has says what it will duplicate, and sends nothing until confirmed', { timeout: 20000 }, async () => {
    let posts = 0;
    const { here } = await renderPortal('/bots', {
      handlers: [
        http.post(`${API}/api/v1/bots/`, () => { posts += 1; return HttpResponse.json({ data: bot(78, 'Support bot') }, { status: 201 }); }),
        // The account's bots come slowly: a click meanwhile must not import a repeat unasked.
        http.get(`${API}/api/v1/bots/`, () => delay(400)),
        instancesList,
        ...crudHandlers('bots', [bot(1, 'Support bot'), bot(2, 'Other')]),
      ],
    });
    const user = userEvent.setup();
    await chooseAccount(user);
    await user.upload(await screen.findByLabelText('Bot file'), botFile('Support bot', ['Greeter', 'Router', 'Closer']));
    // The account's bots are read once the file is chosen; until then the button says so and waits.
    expect(screen.getByRole('button', { name: 'Checking the file…' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Import bot' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Import “Support bot” again?' });
    expect(dialog).toHaveTextContent('This account already has a bot named “Support bot” (#1).');
    expect(dialog).toHaveTextContent('creates another bot “Support bot” with new copies of its 3 agents (Greeter, Router, Closer)');
    expect(posts).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Import bot' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Import another copy' }));
    await waitFor(() => expect(here()).toBe('/bots/78'));
    expect(posts).toBe(1);
  });

  test('a purchase: its outcome takes focus (the Buy button it came from is gone)', { timeout: 20000 }, async () => {
    const { mswServer } = await import('../../support/setupMsw');
    mswServer.use(
      http.get(`${API}/api/v1/instances/phonenumbers/countries`, () => HttpResponse.json({ data: [{ code: 'US', name: 'United States', dial_code: '1' }] })),
      http.get(`${API}/api/v1/instances/phonenumbers/US`, () => HttpResponse.json(listBody([{ phone_number: '14155550123', locality: 'San Francisco', region: 'CA', monthly_cost: 1.5 }]))),
      http.post(`${API}/api/v1/instances/5/14155550123`, () => HttpResponse.json({ data: { id: 5, name: 'Main line', phone_number: '14155550123', status: 'active' } })),
    );
    await renderPortal('/instances/5/phone-numbers', { handlers: crudHandlers('instances', [{ id: 5, name: 'Main line', phone_number: null, status: 'active' }]) });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), await screen.findByRole('option', { name: 'United States' }));
    await user.click(screen.getByRole('button', { name: 'Search numbers' }));
    await user.click(within(await screen.findByRole('table', { name: 'Available phone numbers' })).getByRole('button', { name: 'Buy +1 (415) 555-0123' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Buy this number?' })).getByRole('button', { name: 'Buy for $1.50/month' }));
    const outcome = await screen.findByText('Purchased +1 (415) 555-0123.', { selector: 'p:not(.toast)' });
    await waitFor(() => expect(outcome).toHaveFocus());
  });
});
