import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

const tool = (id: number, name: string) => ({ id, account_id: 1, name, kind: 'function', description: `${name} tool`, parameters: {}, updated_at: '2020-03-04T10:00:00Z' });

describe('a failed list page retries by itself (the resource statechart’s list region)', () => {
  test('a next page that failed through the server’s link loads when the network returns, and the failure goes', async () => {
    let down = false;
    mswServer.use(
      http.get(`${API}/api/v1/tools/`, ({ request }) => {
        if (down) return HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        const next = page < 3 ? `${API}/api/v1/tools/?page=${page + 1}` : null;
        return HttpResponse.json({ ...listBody([tool(page, `Tool on page ${page}`)], { page, lastPage: 3 }), links: { first: null, last: null, prev: null, next } });
      }),
    );
    const { here } = await renderPortal('/tools');
    await screen.findByText('Tool on page 1');
    down = true;
    // The next page follows the server's link (a paginate), and fails.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(here()).toBe('/tools?page=2'));
    expect(await screen.findByText(/The rows below are from before this failure/)).toBeInTheDocument();
    expect(screen.getByText(/Trying again in 2 s/)).toBeInTheDocument();
    down = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Tool on page 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/The rows below are from before this failure/)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
