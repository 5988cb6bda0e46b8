import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

const yesterday = new Date(Date.now() - 86_400_000);
yesterday.setHours(12, 30, 0, 0);
const exact = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
  .format(yesterday)
  .replace(/[\u202f\u00a0]/g, ' ');
const tool = (id: number, name: string) => ({ id, account_id: 1, name, kind: 'http', description: null, parameters: {}, created_at: yesterday.toISOString(), updated_at: yesterday.toISOString() });

describe('one date style: relative (SPEC §9) with the full date and time on hover and keyboard focus', () => {
  test('a list’s date reads “Yesterday”; Tab reaches it and it is described by the full date and time', { timeout: 20000 }, async () => {
    await renderPortal('/tools', { handlers: crudHandlers('tools', [tool(1, 'Tool A')]) });
    const table = await screen.findByRole('table', { name: 'Tools' });
    const row = within(table).getByRole('link', { name: 'Open Tool A' }).closest('tr')!;
    const time = within(row).getByText('Yesterday');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', yesterday.toISOString());
    expect(time).toHaveAccessibleDescription(exact);

    // Reached by the keyboard: the next stop after the row's link (Kind and Description are text).
    within(row).getByRole('link', { name: 'Open Tool A' }).focus();
    const user = userEvent.setup();
    await user.tab();
    expect(time).toHaveFocus();
  });

  test('a record page shows its dates the same way', { timeout: 20000 }, async () => {
    await renderPortal('/tools/1', { handlers: crudHandlers('tools', [tool(1, 'Tool A')]) });
    await screen.findByRole('heading', { level: 1, name: 'Tool A' });
    const times = screen.getAllByText('Yesterday');
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      expect(time.tagName).toBe('TIME');
      expect(time).toHaveAttribute('tabindex', '0');
      expect(time).toHaveAccessibleDescription(exact);
    }
  });
});
