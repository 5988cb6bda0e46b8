import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';

test('a record of another account opened under a filter says so and offers “All accounts”, which opens it (issue 26 item 7)', { timeout: 20000 }, async () => {
  // The filter shows Globex Sales (2); the tool belongs to Acme Support (1): the API answers 404 in that scope.
  localStorage.setItem('account_id', '2');
  const reads: string[] = [];
  await renderPortal('/tools/1', {
    handlers: [
      http.get(`${API}/api/v1/tools/1`, ({ request }) => {
        const account = new URL(request.url).searchParams.get('account_id');
        reads.push(account ?? 'all');
        return account && account !== '1'
          ? HttpResponse.json({ message: 'Not found.' }, { status: 404 })
          : HttpResponse.json({ data: { id: 1, account_id: 1, name: 'Tool A', kind: 'http' } });
      }),
    ],
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Not in Globex Sales' }, { timeout: 10000 })).toBeInTheDocument();
  expect(screen.getByText('This record was not found in Globex Sales, the account the filter shows: it may belong to another account.')).toBeInTheDocument();
  expect(screen.queryByText(/does not exist/i)).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Show all accounts' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Tool A' })).toBeInTheDocument();
  expect(reads).toEqual(['2', 'all']);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue(''));
});
