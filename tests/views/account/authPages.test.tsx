import { fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderAccount } from '../../support/renderAccount';

const csrf = http.get(`${API}/sanctum/csrf-cookie`, () => new HttpResponse(null, { status: 204 }));

function type(label: string | RegExp, value: string, screen: Awaited<ReturnType<typeof renderAccount>>['screen']) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('register page', () => {
  test('422: the summary, each message under its field, and what was typed stays', async () => {
    const { screen } = await renderAccount('/register', [
      csrf,
      http.post(`${API}/register`, () =>
        HttpResponse.json(
          { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'], password: ['The password field must be at least 8 characters.'] } },
          { status: 422 },
        ),
      ),
    ]);
    await screen.findByRole('heading', { name: 'Create an account' });
    type('Name', 'Nia New', screen);
    type('Email', 'admin@example.com', screen);
    type('Password', 'short', screen);
    type('Confirm password', 'short', screen);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration Failed');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password field must be at least 8 characters.');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Nia New');
  });
});

describe('forgot password page', () => {
  test('shows the server’s neutral status after sending', async () => {
    const { screen } = await renderAccount('/forgot-password', [csrf, http.post(`${API}/forgot-password`, () => HttpResponse.json({ message: 'We have emailed your password reset link.' }))]);
    await screen.findByLabelText('Email');
    type('Email', 'viewer@example.com', screen);
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have emailed your password reset link.');
  });

  test('a 429 shows the throttle message under SPEC’s summary', async () => {
    const { screen } = await renderAccount('/forgot-password', [
      csrf,
      http.post(`${API}/forgot-password`, () => HttpResponse.json({ message: 'Too many attempts. Please try again in 37 seconds.' }, { status: 429 })),
    ]);
    await screen.findByLabelText('Email');
    type('Email', 'viewer@example.com', screen);
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error sending reset password email');
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 37 seconds.');
  });
});

describe('reset password page', () => {
  test('takes token and email from the link, and goes to /reset-password/thanks', async () => {
    let body: unknown;
    const { screen, here } = await renderAccount('/reset-password?token=tok123&email=viewer%40example.com', [
      csrf,
      http.post(`${API}/reset-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been reset.' });
      }),
    ]);
    expect(await screen.findByLabelText('Email')).toHaveValue('viewer@example.com');
    type('New password', 'brand-new-secret', screen);
    type('Confirm new password', 'brand-new-secret', screen);
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByRole('heading', { name: 'Password reset' });
    expect(here()).toBe('/reset-password/thanks');
    expect(body).toEqual({ email: 'viewer@example.com', password: 'brand-new-secret', password_confirmation: 'brand-new-secret', token: 'tok123' });
  });

  test('a link without a token says so and offers a new one', async () => {
    const { screen } = await renderAccount('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('verification pages', () => {
  test('confirmation: an expired link ends on /email-verification-expired with a way to ask for a new one', async () => {
    const url = encodeURIComponent('/api/v1/email/verify/3/abc?expires=1&signature=ff');
    const { screen, here } = await renderAccount(`/email-verification-confirmation?url=${url}&redirect=%2Froles`, [
      http.get(`${API}/api/v1/email/verify/3/abc`, () => HttpResponse.json({ message: 'Invalid/Expired url provided.' }, { status: 403 })),
    ]);
    await screen.findByRole('heading', { name: 'Verification link expired' });
    expect(here()).toBe('/email-verification-expired');
    expect(screen.getByRole('link', { name: 'Request a new verification link' })).toHaveAttribute('href', '/email-verification-request');
  });

  test('confirmation: a link pointing elsewhere is not followed', async () => {
    const url = encodeURIComponent('https://evil.example/api/v1/email/verify/3/abc?expires=1&signature=ff');
    const { screen } = await renderAccount(`/email-verification-confirmation?url=${url}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email Verification Failed');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  test('request page: POST /api/v1/email/resend and the neutral answer', async () => {
    const { screen } = await renderAccount('/email-verification-request', [
      csrf,
      http.post(`${API}/api/v1/email/resend`, () => HttpResponse.json({ message: 'If that address belongs to an account awaiting verification, a new verification link has been sent.' })),
    ]);
    await screen.findByLabelText('Email');
    type('Email', 'uma@example.com', screen);
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('a new verification link has been sent.'));
  });

  test('prompt page, signed out: keeps the redirect in the sign-in link', async () => {
    const { screen } = await renderAccount('/email-verification?redirect=%2Froles');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Froles');
  });
});
