import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { envelope, statisticsRow } from '../../support/reportingFixtures';
import { renderPortal } from '../../support/renderPortal';

test('under one account the role statistics heading names it (issue 26 item 7)', { timeout: 20000 }, async () => {
  localStorage.setItem('account_id', '2');
  await renderPortal('/reporting/roles', {
    handlers: [http.get(`${API}/api/v1/reporting/roles`, () => HttpResponse.json(envelope([statisticsRow(2, 'Support', { account_id: 2 })])))],
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Role statistics for Globex Sales' }, { timeout: 10000 })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Role statistics' })).toBeInTheDocument();
});
