import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { API, adminUser } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';

const savedSettings = { theme_color: '#4f46e5', timezone: 'Europe/Paris', notifications: { product_updates: true, weekly_summary: false } };

const getSettings = http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: savedSettings }));

/** A card of the page, found by its heading, so same-named fields of two cards never mix. */
function card(name: string) {
  return screen.getByRole('region', { name });
}

function type(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

function themeColor(): string {
  return document.documentElement.style.getPropertyValue('--theme-color');
}

beforeEach(() => {
  // The variable lives on the shared document: start each test without it.
  document.documentElement.style.removeProperty('--theme-color');
});

describe('/settings: account settings', () => {
  test('loads GET /api/v1/user/settings into the form and saves exactly what was chosen with POST', async () => {
    let body: unknown;
    await renderPortal('/settings', {
      handlers: [
        getSettings,
        http.post(`${API}/api/v1/user/settings`, async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ data: body });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const settings = card('Account settings');
    expect(await within(settings).findByLabelText('Time zone')).toHaveValue('Europe/Paris');
    expect(within(settings).getByLabelText('Theme colour')).toHaveValue('#4f46e5');
    expect(within(settings).getByRole('checkbox', { name: 'Product updates' })).toBeChecked();
    expect(within(settings).getByRole('checkbox', { name: 'Weekly summary' })).not.toBeChecked();

    fireEvent.change(within(settings).getByLabelText('Time zone'), { target: { value: 'America/New_York' } });
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Product updates' }));
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Weekly summary' }));
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));

    expect(await within(settings).findByRole('status')).toHaveTextContent('Your settings have been saved.');
    expect(body).toEqual({ theme_color: '#4f46e5', timezone: 'America/New_York', notifications: { product_updates: false, weekly_summary: true } });
  });

  test('a failed load shows "Error fetching account settings" with the server text, and Try again loads them', async () => {
    // Down until the user tries again (the shell's preferences actor reads the same call: it does not count).
    let down = true;
    await renderPortal('/settings', {
      handlers: [
        http.get(`${API}/api/v1/user/settings`, () =>
          down ? HttpResponse.json({ message: 'Settings store is down' }, { status: 500 }) : HttpResponse.json({ data: savedSettings }),
        ),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const settings = card('Account settings');
    const alert = await within(settings).findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching account settings');
    expect(alert).toHaveTextContent('Settings store is down');
    expect(within(settings).queryByRole('button', { name: 'Save settings' })).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(settings).findByLabelText('Time zone')).toHaveValue('Europe/Paris');
    expect(within(settings).queryByRole('alert')).toBeNull();
  });

  test('a failed save shows "Error updating account settings" with the server text; the choices stay and the theme is not applied', async () => {
    await renderPortal('/settings', {
      handlers: [getSettings, http.post(`${API}/api/v1/user/settings`, () => HttpResponse.json({ message: 'Settings are read-only today' }, { status: 500 }))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const settings = card('Account settings');
    await within(settings).findByLabelText('Time zone');
    fireEvent.change(within(settings).getByLabelText('Theme colour'), { target: { value: '#ff8800' } });
    fireEvent.change(within(settings).getByLabelText('Time zone'), { target: { value: 'Asia/Tokyo' } });
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Weekly summary' }));
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));

    const alert = await within(settings).findByRole('alert');
    expect(alert).toHaveTextContent('Error updating account settings');
    expect(alert).toHaveTextContent('Settings are read-only today');
    expect(within(settings).queryByRole('status')).toBeNull();
    expect(within(settings).getByLabelText('Theme colour')).toHaveValue('#ff8800');
    expect(within(settings).getByLabelText('Time zone')).toHaveValue('Asia/Tokyo');
    expect(within(settings).getByRole('checkbox', { name: 'Weekly summary' })).toBeChecked();
    expect(within(settings).getByRole('button', { name: 'Save settings' })).toBeEnabled();
    expect(themeColor()).toBe('#4f46e5');
  });

  test('a chosen theme colour is applied as --theme-color as soon as it is saved', async () => {
    let body: { theme_color?: string } = {};
    const { portal } = await renderPortal('/settings', {
      handlers: [
        getSettings,
        http.post(`${API}/api/v1/user/settings`, async ({ request }) => {
          body = (await request.json()) as { theme_color?: string };
          return HttpResponse.json({ data: { ...savedSettings, theme_color: body.theme_color } });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const settings = card('Account settings');
    await within(settings).findByLabelText('Theme colour');
    // The signed-in user's colour was applied at sign-in (SPEC §6).
    expect(themeColor()).toBe('#4f46e5');

    fireEvent.change(within(settings).getByLabelText('Theme colour'), { target: { value: '#0f9d58' } });
    // Choosing alone changes nothing yet: the colour is the saved one.
    expect(themeColor()).toBe('#4f46e5');
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));

    await within(settings).findByRole('status');
    expect(body.theme_color).toBe('#0f9d58');
    expect(themeColor()).toBe('#0f9d58');
    expect(portal.auth.getSnapshot().context.user?.theme_color).toBe('#0f9d58');
  });
});

describe('/settings: change email', () => {
  test('success posts email and password and sends the user to verify the new address', async () => {
    let body: unknown;
    const { here, portal } = await renderPortal('/settings', {
      handlers: [
        getSettings,
        http.post(`${API}/api/v1/user/change-email`, async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ data: { ...adminUser, email: 'ada@new.example', email_verified_at: null } });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const email = card('Change email');
    expect(email).toHaveTextContent('Current address: admin@example.com.');
    type(email, 'New email', '  ada@new.example ');
    type(email, 'Current password', 'password');
    fireEvent.click(within(email).getByRole('button', { name: 'Change email' }));

    await screen.findByRole('heading', { level: 1, name: 'Verify your email address' });
    expect(here()).toBe('/email-verification?redirect=%2Fsettings');
    expect(portal.auth.getSnapshot().matches('unverified')).toBe(true);
    expect(portal.auth.getSnapshot().context.user?.email).toBe('ada@new.example');
    expect(body).toEqual({ email: 'ada@new.example', password: 'password' });
  });

  test('failure shows "Change Email Failed" with the 422 message next to the field; the typed values stay', async () => {
    await renderPortal('/settings', {
      handlers: [
        getSettings,
        http.post(`${API}/api/v1/user/change-email`, () =>
          HttpResponse.json(
            { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } },
            { status: 422 },
          ),
        ),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const email = card('Change email');
    type(email, 'New email', 'viewer@example.com');
    type(email, 'Current password', 'password');
    fireEvent.click(within(email).getByRole('button', { name: 'Change email' }));

    const alert = await within(email).findByRole('alert');
    expect(alert).toHaveTextContent('Change Email Failed');
    expect(alert).toHaveTextContent('The email has already been taken.');
    const field = within(email).getByLabelText('New email');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The email has already been taken.');
    expect(field).toHaveValue('viewer@example.com');
    expect(within(email).getByLabelText('Current password')).toHaveValue('password');
    expect(within(email).getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
  });
});

describe('change password', () => {
  test('/settings changes it with POST /api/v1/user/change-password and shows the server’s answer', async () => {
    const seen: string[] = [];
    let body: unknown;
    await renderPortal('/settings', {
      handlers: [
        getSettings,
        http.all(`${API}/api/v1/user/change-password`, async ({ request }) => {
          seen.push(`${request.method} ${new URL(request.url).pathname}`);
          body = await request.json();
          return HttpResponse.json({ message: 'Your password has been updated.' });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const password = card('Change password');
    type(password, 'Current password', 'password');
    type(password, 'New password', 'brand-new-secret');
    type(password, 'Confirm new password', 'brand-new-secret');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(await within(password).findByRole('status')).toHaveTextContent('Your password has been updated.');
    expect(seen).toEqual(['POST /api/v1/user/change-password']);
    expect(body).toEqual({ current_password: 'password', password: 'brand-new-secret', password_confirmation: 'brand-new-secret' });
  });

  test('/users/settings changes it with PUT /user/password', async () => {
    const seen: string[] = [];
    let body: unknown;
    await renderPortal('/users/settings', {
      handlers: [
        http.all(`${API}/user/password`, async ({ request }) => {
          seen.push(`${request.method} ${new URL(request.url).pathname}`);
          body = await request.json();
          return HttpResponse.json({ message: 'Password saved on the profile route.' });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    const password = card('Update password');
    type(password, 'Current password', 'password');
    type(password, 'New password', 'another-secret');
    type(password, 'Confirm new password', 'another-secret');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(await within(password).findByRole('status')).toHaveTextContent('Password saved on the profile route.');
    expect(seen).toEqual(['PUT /user/password']);
    expect(body).toEqual({ current_password: 'password', password: 'another-secret', password_confirmation: 'another-secret' });
  });

  test('failure shows "Change Password Failed" with each message under its field; the typed values stay', async () => {
    await renderPortal('/users/settings', {
      handlers: [
        http.put(`${API}/user/password`, () =>
          HttpResponse.json(
            {
              message: 'The provided password does not match your current password. (and 1 more error)',
              errors: {
                current_password: ['The provided password does not match your current password.'],
                password_confirmation: ['The password field confirmation does not match.'],
              },
            },
            { status: 422 },
          ),
        ),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    const password = card('Update password');
    type(password, 'Current password', 'wrong-one');
    type(password, 'New password', 'another-secret');
    type(password, 'Confirm new password', 'another-secreT');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    const alert = await within(password).findByRole('alert');
    expect(alert).toHaveTextContent('Change Password Failed');
    expect(within(password).getByLabelText('Current password')).toHaveAccessibleDescription('The provided password does not match your current password.');
    expect(within(password).getByLabelText('Confirm new password')).toHaveAccessibleDescription('The password field confirmation does not match.');
    expect(within(password).getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(within(password).getByLabelText('Current password')).toHaveValue('wrong-one');
    expect(within(password).getByLabelText('New password')).toHaveValue('another-secret');
    expect(within(password).getByLabelText('Confirm new password')).toHaveValue('another-secreT');
    expect(within(password).queryByRole('status')).toBeNull();
  });
});

describe('/users/settings: profile information', () => {
  test('PUT /user/profile-information with the edited name; the portal’s user and header follow', async () => {
    const seen: string[] = [];
    let body: unknown;
    const { portal } = await renderPortal('/users/settings', {
      handlers: [
        http.all(`${API}/user/profile-information`, async ({ request }) => {
          seen.push(`${request.method} ${new URL(request.url).pathname}`);
          body = await request.json();
          return HttpResponse.json({ data: { ...adminUser, name: 'Ada Lovelace', email_verified_at: '2024-01-01T00:00:00Z' } });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    const profile = card('Profile information');
    expect(within(profile).getByLabelText('Name')).toHaveValue('Ada Admin');
    expect(within(profile).getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByRole('button', { name: 'Ada Admin' })).toBeInTheDocument();
    type(profile, 'Name', ' Ada Lovelace ');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await within(profile).findByRole('status')).toHaveTextContent('Your profile has been updated.');
    expect(seen).toEqual(['PUT /user/profile-information']);
    expect(body).toEqual({ name: 'Ada Lovelace', email: 'admin@example.com' });
    expect(portal.auth.getSnapshot().context.user?.name).toBe('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  test('a new email goes out with the current password the API asks for', async () => {
    let body: unknown;
    await renderPortal('/users/settings', {
      handlers: [
        http.put(`${API}/user/profile-information`, async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ data: { ...adminUser, email: 'ada@elsewhere.example', email_verified_at: null } });
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    const profile = card('Profile information');
    type(profile, 'Email', 'ada@elsewhere.example');
    type(profile, 'Current password (needed to change the email)', 'my-current-secret');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(body).toEqual({ name: 'Ada Admin', email: 'ada@elsewhere.example', current_password: 'my-current-secret' }));
  });

  test('a refused update shows "Edit Failed" with the message under the field', async () => {
    await renderPortal('/users/settings', {
      handlers: [
        http.put(`${API}/user/profile-information`, () =>
          HttpResponse.json({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } }, { status: 422 }),
        ),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    const profile = card('Profile information');
    type(profile, 'Name', '');
    type(profile, 'Email', 'ada@elsewhere.example');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    const alert = await within(profile).findByRole('alert');
    expect(alert).toHaveTextContent('Edit Failed');
    expect(within(profile).getByLabelText('Name')).toHaveAccessibleDescription('The name field is required.');
    expect(within(profile).getByLabelText('Email')).toHaveValue('ada@elsewhere.example');
  });
});
