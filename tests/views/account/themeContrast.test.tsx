import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

const savedSettings = { theme_color: '#4f46e5', timezone: 'Europe/Paris', notifications: { product_updates: true, weekly_summary: false } };
const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeEach(() => {
  for (const name of ['--theme-color', '--theme-accent-light', '--theme-accent-dark', '--theme-on-color']) document.documentElement.style.removeProperty(name);
});

async function openSettings() {
  await renderPortal('/settings', {
    handlers: [
      http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: savedSettings })),
      http.post(`${API}/api/v1/user/settings`, async ({ request }) => HttpResponse.json({ data: await request.json() })),
    ],
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  const settings = screen.getByRole('region', { name: 'Account settings' });
  const input = await within(settings).findByLabelText('Theme colour');
  return { settings, input };
}

describe('/settings: the theme colour’s contrast', () => {
  test('the colour input is described by its contrast with the page: as it is for indigo, a darker shade for yellow', async () => {
    const { input } = await openSettings();
    expect(input).toHaveAccessibleDescription(/Contrast with the page: 5\.\d\d:1 \(at least 4\.50:1 is needed\)\. Links and buttons use this colour as it is\./);

    fireEvent.change(input, { target: { value: '#ffeb3b' } });
    expect(input).toHaveAccessibleDescription(/Contrast with the page: 1\.\d\d:1, below the 4\.50:1 that text needs\. Links and buttons use a darker shade, #[0-9a-f]{6} \(4\.\d\d:1\)\./);
  });

  test('saving a light colour keeps it for the header and gives links and buttons the darker shade', async () => {
    const { settings, input } = await openSettings();
    expect(rootVar('--theme-color')).toBe('#4f46e5');
    // The light theme's shade (styles.css picks --theme-accent-light or -dark by data-theme), set once the contrast rules' code is in.
    await waitFor(() => expect(rootVar('--theme-accent-light')).toBe('#4f46e5'));
    expect(rootVar('--theme-on-color')).toBe('#ffffff');

    fireEvent.change(input, { target: { value: '#ffeb3b' } });
    const shade = /darker shade, (#[0-9a-f]{6})/.exec(document.getElementById('settings-theme-contrast')?.textContent ?? '')?.[1];
    expect(shade).toBeDefined();
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    await within(settings).findByRole('status');
    expect(rootVar('--theme-color')).toBe('#ffeb3b');
    await waitFor(() => expect(rootVar('--theme-accent-light')).toBe(shade));
    // Yellow reads on the dark backgrounds as it is.
    expect(rootVar('--theme-accent-dark')).toBe('#ffeb3b');
    expect(rootVar('--theme-on-color')).toBe('#111111');
  });

  test('a user’s form says the same under its Theme colour field', async () => {
    await renderPortal('/users/7/edit', {
      handlers: crudHandlers('users', [{ id: 7, name: 'Sunny', email: 'sunny@example.com', theme_color: '#ffeb3b', updated_at: '2026-11-20T10:00:00Z' }]),
    });
    const input = await screen.findByRole('textbox', { name: 'Theme colour' }, { timeout: 10_000 });
    expect(input).toHaveValue('#ffeb3b');
    expect(input).toHaveAccessibleDescription(/Contrast with the page: 1\.\d\d:1, below the 4\.50:1 that text needs\. Links and buttons use a darker shade, #[0-9a-f]{6}/);
    fireEvent.change(input, { target: { value: '#1d4ed8' } });
    expect(input).toHaveAccessibleDescription(/Links and buttons use this colour as it is\./);
  }, 20_000);
});
