import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { startFlow } from '../../support/portal';
import { createActor, waitFor } from 'xstate';
import { CHANGE_EMAIL_SUMMARY, createChangeEmailFlow } from '../../../src/machines/account/changeEmail';
import { CHANGE_PASSWORD_SUMMARY, createChangePasswordFlow } from '../../../src/machines/account/changePassword';
import { createProfileInformationFlow, PROFILE_SAVED, PROFILE_SUMMARY } from '../../../src/machines/account/profileInformation';
import { createSettingsFlow, FETCH_SETTINGS_SUMMARY, SAVE_SETTINGS_SUMMARY, SETTINGS_SAVED } from '../../../src/machines/account/settings';
import { API, adminUser } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { recordBodies, signedInPortal } from './flowSupport';

const settings = { theme_color: '#4f46e5', timezone: 'UTC', notifications: { product_updates: true, weekly_summary: false } };
const fail = (status: number, body: object) => () => HttpResponse.json(body, { status });

afterEach(() => mswServer.events.removeAllListeners());

describe('account settings', () => {
  test('loads, saves, and hands the new theme colour to the auth actor (auth.userUpdated applies it)', async () => {
    const { portal, api } = await signedInPortal();
    const bodies = recordBodies();
    mswServer.use(
      http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: settings })),
      http.post(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: { ...settings, theme_color: '#be123c' } })),
    );
    const flow = startFlow(portal, createSettingsFlow(api));
    await waitFor(flow, (s) => s.matches('ready'));
    expect(flow.getSnapshot().context.settings).toEqual(settings);
    flow.send({ type: 'settings.save', settings: { theme_color: '#be123c' } });
    await waitFor(flow, (s) => s.matches('ready') && s.context.notice !== null);
    expect(flow.getSnapshot().context.notice).toBe(SETTINGS_SAVED);
    expect(bodies['POST /api/v1/user/settings']).toEqual([{ theme_color: '#be123c' }]);
    expect(portal.auth.getSnapshot().context.user).toMatchObject({ email: adminUser.email, theme_color: '#be123c' });
  });

  test('a failed load is "Error fetching account settings" and can be retried', async () => {
    const { portal, api } = await signedInPortal();
    let down = true;
    mswServer.use(http.get(`${API}/api/v1/user/settings`, () => (down ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : HttpResponse.json({ data: settings }))));
    const flow = startFlow(portal, createSettingsFlow(api));
    await waitFor(flow, (s) => s.matches('loadFailed'));
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: FETCH_SETTINGS_SUMMARY, serverDetail: 'Server Error' });
    down = false;
    flow.send({ type: 'settings.retry' });
    await waitFor(flow, (s) => s.matches('ready'));
    expect(flow.getSnapshot().context.error).toBeNull();
  });

  test('a refused save is "Error updating account settings" with errors by field; the loaded settings stay and auth is untouched', async () => {
    const { portal, api } = await signedInPortal();
    mswServer.use(
      http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: settings })),
      http.post(`${API}/api/v1/user/settings`, fail(422, { message: 'The selected timezone is invalid.', errors: { timezone: ['The selected timezone is invalid.'] } })),
    );
    const flow = startFlow(portal, createSettingsFlow(api));
    await waitFor(flow, (s) => s.matches('ready'));
    flow.send({ type: 'settings.save', settings: { timezone: 'Mars/Olympus' } });
    await waitFor(flow, (s) => s.matches('ready') && s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: SAVE_SETTINGS_SUMMARY, fieldErrors: { timezone: ['The selected timezone is invalid.'] } });
    expect(flow.getSnapshot().context.settings).toEqual(settings);
    expect(portal.auth.getSnapshot().context.user?.theme_color).toBe(adminUser.theme_color);
  });
});

describe('change email', () => {
  test('a new address: auth gets the user, turns unverified, and the user goes to /email-verification?redirect=/settings', async () => {
    const { portal, api, navigations } = await signedInPortal();
    const changed = { ...adminUser, email: 'new@example.com', email_verified_at: null };
    mswServer.use(http.post(`${API}/api/v1/user/change-email`, () => HttpResponse.json({ data: changed })));
    const flow = startFlow(portal, createChangeEmailFlow(api), { returnTo: '/settings' });
    flow.send({ type: 'account.submit', change: { email: 'new@example.com', password: 'password' } });
    await waitFor(flow, (s) => s.status === 'done');
    expect(portal.auth.getSnapshot().value).toBe('unverified');
    expect(portal.auth.getSnapshot().context.user?.email).toBe('new@example.com');
    expect(navigations.at(-1)).toEqual({ to: '/email-verification?redirect=%2Fsettings', replace: true });
  });

  test('a wrong password is "Change Email Failed" with the error on its field', async () => {
    const { portal, api } = await signedInPortal();
    mswServer.use(
      http.post(
        `${API}/api/v1/user/change-email`,
        fail(422, { message: 'x', errors: { password: ['The provided password does not match your current password.'] } }),
      ),
    );
    const flow = startFlow(portal, createChangeEmailFlow(api), { returnTo: '/settings' });
    flow.send({ type: 'account.submit', change: { email: 'new@example.com', password: 'nope' } });
    await waitFor(flow, (s) => s.matches('editing') && s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({
      summary: CHANGE_EMAIL_SUMMARY,
      fieldErrors: { password: ['The provided password does not match your current password.'] },
    });
    expect(portal.auth.getSnapshot().value).toBe('signedIn');
  });
});

describe('profile information (PUT /user/profile-information)', () => {
  test('same address: the user is updated in auth and the form says so', async () => {
    const { portal, api, navigations } = await signedInPortal('/users/settings');
    const before = navigations.length;
    mswServer.use(http.put(`${API}/user/profile-information`, () => HttpResponse.json({ data: { ...adminUser, name: 'Ada L.', email_verified_at: '2024-01-01T00:00:00Z' } })));
    const flow = startFlow(portal, createProfileInformationFlow(api), { returnTo: '/users/settings' });
    flow.send({ type: 'account.submit', change: { name: 'Ada L.', email: adminUser.email } });
    await waitFor(flow, (s) => s.matches('editing') && s.context.notice !== null);
    expect(flow.getSnapshot().context.notice).toBe(PROFILE_SAVED);
    expect(portal.auth.getSnapshot().context.user?.name).toBe('Ada L.');
    expect(navigations.length).toBe(before);
  });

  test('a failure is "Edit Failed"', async () => {
    const { portal, api } = await signedInPortal('/users/settings');
    mswServer.use(http.put(`${API}/user/profile-information`, fail(422, { message: 'x', errors: { name: ['The name field is required.'] } })));
    const flow = startFlow(portal, createProfileInformationFlow(api), { returnTo: '/users/settings' });
    flow.send({ type: 'account.submit', change: { name: '', email: adminUser.email } });
    await waitFor(flow, (s) => s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: PROFILE_SUMMARY, fieldErrors: { name: ['The name field is required.'] } });
  });
});

describe('change password', () => {
  const change = { current_password: 'password', password: 'brand-new-secret', password_confirmation: 'brand-new-secret' };

  test.each([
    ['v1', 'POST /api/v1/user/change-password'],
    ['fortify', 'PUT /user/password'],
  ] as const)('%s endpoint: %s', async (endpoint, call) => {
    const { api } = await signedInPortal();
    const bodies = recordBodies();
    mswServer.use(
      http.post(`${API}/api/v1/user/change-password`, () => HttpResponse.json({ message: 'Your password has been updated.' })),
      http.put(`${API}/user/password`, () => HttpResponse.json({ message: 'Your password has been updated.' })),
    );
    const flow = createActor(createChangePasswordFlow(api, endpoint), { input: { summary: CHANGE_PASSWORD_SUMMARY } }).start();
    flow.send({ type: 'operation.start', input: change });
    await waitFor(flow, (s) => s.matches('success'));
    expect(bodies[call]).toEqual([change]);
    expect(flow.getSnapshot().context.output).toBe('Your password has been updated.');
  });

  test('a wrong current password is "Change Password Failed"', async () => {
    const { api } = await signedInPortal();
    mswServer.use(
      http.post(`${API}/api/v1/user/change-password`, fail(422, { message: 'x', errors: { current_password: ['The provided password does not match your current password.'] } })),
    );
    const flow = createActor(createChangePasswordFlow(api), { input: { summary: CHANGE_PASSWORD_SUMMARY } }).start();
    flow.send({ type: 'operation.start', input: change });
    await waitFor(flow, (s) => s.matches('failed'));
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: 'Change Password Failed', fieldErrors: { current_password: ['The provided password does not match your current password.'] } });
  });
});
