import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { conversation } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';
import { withLayoutSizes } from '../../support/layoutSizes';

withLayoutSizes();

const envelope = (data: unknown[]) => ({
  data,
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: data.length, total: data.length },
});

describe('a call’s length reads as a clock (m:ss, h:mm:ss), not "672 Seconds"', () => {
  test('conversations list', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([]))),
      http.get(`${API}/api/v1/reporting/conversations`, () =>
        HttpResponse.json(envelope([{ ...conversation(1, 'A'), duration_seconds: 672 }, { ...conversation(2, 'B'), duration_seconds: 3725 }])),
      ),
      ...signInHandlers(),
    );
    mountPortal('/reporting/conversations', { returning: true });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('11:12')).toBeInTheDocument();
    expect(within(table).getByText('1:02:05')).toBeInTheDocument();
    expect(within(table).queryByText(/Seconds$/)).toBeNull();
  });
});
