import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { mswServer } from '../../support/setupMsw';

describe('the two-factor card’s one-field steps (password, then code)', () => {
  test('423 asks for the password; Confirm password sends it, clears it, and enabling goes on to the code step', async () => {
    let confirmed = false;
    const bodies: unknown[] = [];
    mswServer.use(
      http.post(`${API}/user/two-factor-authentication`, () => (confirmed ? new HttpResponse(null, { status: 200 }) : HttpResponse.json({ message: 'Password confirmation required.' }, { status: 423 }))),
      http.post(`${API}/user/confirm-password`, async ({ request }) => {
        bodies.push(await request.json());
        confirmed = true;
        return new HttpResponse(null, { status: 201 });
      }),
      http.get(`${API}/user/two-factor-qr-code`, () => HttpResponse.json({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', url: 'otpauth://totp/Portal:admin?secret=ABCDEF' })),
      http.get(`${API}/user/two-factor-secret-key`, () => HttpResponse.json({ secretKey: 'ABCDEF' })),
      http.post(`${API}/user/confirmed-two-factor-authentication`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ errors: { code: ['The provided two factor authentication code was invalid.'] }, message: 'Invalid code.' }, { status: 422 });
      }),
    );
    await renderPortal('/settings');
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' }, { timeout: 10000 });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Enable two-factor authentication' }));
    const step = await within(card).findByRole('form', { name: 'Confirm your password' });
    const password = within(step).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'secret-pass');
    await user.click(within(step).getByRole('button', { name: 'Confirm password' }));
    expect(await within(card).findByText('Setup key:', { exact: false })).toBeInTheDocument();
    expect(bodies[0]).toEqual({ password: 'secret-pass' });
    const code = within(card).getByLabelText('Code from your authenticator app');
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies[1]).toEqual({ code: '123456' }));
    const field = within(card).getByLabelText('Code from your authenticator app');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('The provided two factor authentication code was invalid.');
    expect(field).toHaveValue('');
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
