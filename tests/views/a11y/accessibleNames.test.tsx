import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { renderPortal } from '../../support/renderPortal';
import { conversation, envelope } from '../../support/reportingFixtures';
import { crudHandlers } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

/** What a sighted user reads on the control: its text without aria-hidden icons and visually hidden extras. */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"], .visually-hidden').forEach((node) => node.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * WCAG 2.5.3 (axe's label-content-name-mismatch): every link and button whose visible text has a
 * letter or digit carries that text in its accessible name.
 */
function expectNamesIncludeVisibleText(scope: HTMLElement) {
  const controls = [...within(scope).queryAllByRole('link'), ...within(scope).queryAllByRole('button')];
  expect(controls.length).toBeGreaterThan(0);
  for (const control of controls) {
    const shown = visibleText(control);
    if (/[\p{L}\p{N}]/u.test(shown)) expect(control).toHaveAccessibleName(new RegExp(escapeRegExp(shown), 'i'));
  }
}

// Lazy route chunks load on first use: on a busy machine a file's first page can take seconds.
describe('accessible names include the visible text (WCAG 2.5.3)', { timeout: 20_000 }, () => {
  test('conversation links are named by what they show ("Call inbound"), not "Open conversation <uuid>"', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([]))),
      http.get(`${API}/api/v1/reporting/conversations`, () => HttpResponse.json(envelope([conversation(1, 'A'), { ...conversation(2, 'B'), channel: 'chat', direction: 'outbound' }]))),
      ...signInHandlers(),
    );
    mountPortal('/reporting/conversations', { returning: true });
    const table = await screen.findByRole('table');
    const link = await within(table).findByRole('link', { name: /^Call inbound, started / });
    expect(link).toHaveAttribute('href', '/reporting/conversations/00000000-0000-4000-8000-000000000001');
    expect(within(table).getByRole('link', { name: /^Chat outbound, started / })).toBeInTheDocument();
    expectNamesIncludeVisibleText(document.body);
  });

  test('a list whose first column is not the title (feedback: its rating) names the row link by what it shows', async () => {
    await renderPortal('/feedback', {
      handlers: crudHandlers('feedback', [{ id: 3, rating: 4, comment: 'Quick answer', status: 'new', conversation_uuid: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' }]),
    });
    const table = await screen.findByRole('table', { name: 'Feedback' });
    const link = await within(table).findByRole('link', { name: '4 ★, open Feedback #3' });
    expect(link).toHaveAttribute('href', '/feedback/3');
    expectNamesIncludeVisibleText(document.body);
  });

  test('lists whose first column is the title keep "Open <title>", and their Edit/Delete buttons start with what they show', async () => {
    await renderPortal('/tools', { handlers: crudHandlers('tools', [{ id: 1, name: 'Webhook', kind: 'http', description: null, updated_at: '2026-11-20T10:00:00Z' }]) });
    const table = await screen.findByRole('table', { name: 'Tools' });
    expect(await within(table).findByRole('link', { name: 'Open Webhook' })).toBeInTheDocument();
    expectNamesIncludeVisibleText(document.body);
  });
});
