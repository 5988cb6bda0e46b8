import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { listBody } from '../../support/resourceFixtures';

/** Records of two accounts, answered for the `account_id` the filter adds (all of them without it). */
const scoped = (path: string, rows: Array<Record<string, unknown>>) =>
  http.get(`${API}/api/v1/${path}/`, ({ request }) => {
    const account = new URL(request.url).searchParams.get('account_id');
    return HttpResponse.json(listBody(rows.filter((row) => !account || String(row.account_id) === account)));
  });

const optionsOf = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const picker = screen.getByRole('combobox', { name });
  await waitFor(() => expect(picker).not.toHaveAttribute('aria-busy', 'true'));
  await user.click(picker);
  const names = within(screen.getByRole('listbox', { name })).getAllByRole('option').map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
};

test('the chat page’s bot, instance and call pickers follow an account-filter change without a reload (issue 26 item 7)', { timeout: 45000 }, async () => {
  await renderPortal('/chat', {
    handlers: [
      scoped('bots', [{ id: 1, name: 'Acme bot', account_id: 1 }, { id: 2, name: 'Globex bot', account_id: 2 }]),
      scoped('instances', [{ id: 5, name: 'Acme line', account_id: 1, phone_number: '14155550100' }, { id: 6, name: 'Globex line', account_id: 2, phone_number: '14155550200' }]),
    ],
  });
  const user = userEvent.setup();
  await screen.findByRole('combobox', { name: 'Chat with' }, { timeout: 10000 });
  await waitFor(async () => expect(await optionsOf(user, 'Chat with')).toEqual(expect.arrayContaining([expect.stringMatching(/^Acme bot/), expect.stringMatching(/^Globex bot/)])), { timeout: 10000 });

  await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'Globex Sales');
  await waitFor(async () => expect(await optionsOf(user, 'Chat with')).toEqual(['Demo bot (default)', 'Globex bot', 'Globex line']), { timeout: 10000 });
  await waitFor(async () => expect(await optionsOf(user, 'Instance')).toEqual(['Globex line (+1 (415) 555-0200)']), { timeout: 10000 });
});
