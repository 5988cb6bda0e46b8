import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appSecret, signedVerificationPath } from '../../server/mail/links';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeEach(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await e2e?.close();
});

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest message to `to` in the reference API's local outbox. */
async function lastMail(to: string, subject: string): Promise<Mail> {
  // The in-process server's outbox: over HTTP only an administrator may read mailed links.
  const mails = (e2e.server.server.outbox() as readonly Mail[]).filter((m) => m.to === to && m.subject === subject);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
  return mail;
}

async function register(email: string, password = 'correct-horse', confirmation = password) {
  const { page } = e2e;
  await page.getByLabel('Name').fill('Nia New');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirmation);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('account flows in Chromium against the reference API', () => {
  test('register → verification mail in the outbox → follow the link → signed in, told no role grants access yet', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/register');
    // The auth actor signs the new user in and learns "not verified" from the server.
    const unverified = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/auth') && r.status() === 403);
    await register('nia@example.com');
    await unverified;
    await page.waitForURL((u) => u.pathname === '/email-verification' && u.searchParams.get('redirect') === '/dashboard');
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();

    const mail = await lastMail('nia@example.com', 'Verify Email Address');
    await page.goto(mail.links[0]!);
    // Signed in and verified, on the way to the dashboard; a new user has no role yet, so the
    // reference API answers Global access false and the portal says so (issue 11's /error/access).
    await page.waitForURL('**/error/access');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await page.getByText('An administrator must grant you a role first.').waitFor();
    await page.getByRole('link', { name: 'Sign out' }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  test('server validation errors are shown by field, and what was typed stays', async () => {
    const { page, url } = e2e;
    await page.goto(url('/register'));
    await register('admin@example.com', 'short', 'different');
    await page.getByRole('alert').filter({ hasText: 'Registration Failed' }).waitFor();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#register-email-error').textContent()).toContain('The email has already been taken.');
    expect(await page.locator('#register-password-error').textContent()).toContain('The password field must be at least 8 characters.');
    expect(await email.inputValue()).toBe('admin@example.com');
    expect(await page.getByLabel('Name').inputValue()).toBe('Nia New');
  });

  test('forgot password → reset link → the new password works and the old one does not', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill('viewer@example.com');
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'We have emailed your password reset link.' }).waitFor();

    const mail = await lastMail('viewer@example.com', 'Reset Password Notification');
    await page.goto(mail.links[0]!);
    expect(await page.getByLabel('Email').inputValue()).toBe('viewer@example.com');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/reset-password/thanks');

    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'viewer@example.com', 'password');
    await page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('brand-new-secret');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');

    // Single use: the same link again is refused, by field.
    await page.goto(mail.links[0]!);
    await page.getByLabel('New password', { exact: true }).fill('another-secret-1');
    await page.getByLabel('Confirm new password').fill('another-secret-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Reset Password Failed' }).waitFor();
    expect(await page.locator('#reset-email-error').textContent()).toContain('This password reset token is invalid.');
  });

  test('an expired link lands on /email-verification-expired and a new link can be requested', async () => {
    const { page, url, server } = e2e;
    const db = server.server.db;
    const user = db.prepare("SELECT id, email FROM users WHERE email = 'unverified@example.com'").get() as { id: number; email: string };
    const expired = signedVerificationPath(appSecret(db), user, new Date(Date.now() - 60_000));
    await page.goto(url(`/email-verification-confirmation?url=${encodeURIComponent(expired)}&redirect=%2Fdashboard`));
    await page.waitForURL('**/email-verification-expired');
    await page.getByRole('heading', { name: 'Verification link expired' }).waitFor();

    await page.getByRole('link', { name: 'Request a new verification link' }).click();
    await page.waitForURL('**/email-verification-request');
    await page.getByLabel('Email').fill('unverified@example.com');
    await page.getByRole('button', { name: 'Send verification link' }).click();
    await page.getByRole('status').filter({ hasText: 'a new verification link has been sent' }).waitFor();
    const mail = await lastMail('unverified@example.com', 'Verify Email Address');

    // The fresh link works (signed out here, so it verifies and then asks to sign in).
    await page.goto(mail.links[0]!);
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'unverified@example.com');
    await page.waitForURL((u) => u.pathname !== '/login' && !u.pathname.startsWith('/email-verification'));
  });

  test('the throttle answers 429 and the portal shows its message', async () => {
    const { page, url } = e2e;
    await page.goto(url('/forgot-password'));
    await page.getByLabel('Email').fill('viewer@example.com');
    const button = page.getByRole('button', { name: 'Email me a reset link' });
    for (let i = 0; i < 5; i += 1) {
      await button.click();
      await page.getByRole('status').filter({ hasText: 'We have emailed your password reset link.' }).waitFor();
    }
    await button.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error sending reset password email' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Too many attempts\. Please try again in \d+ seconds\./);
  });

  test('the theme colour picked in settings applies at once and at the next sign-in', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'viewer@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/settings'));
    await page.getByLabel('Theme colour').fill('#be123c');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Your settings have been saved.' }).waitFor();
    const theme = () => page.evaluate(() => document.documentElement.style.getPropertyValue('--theme-color'));
    expect(await theme()).toBe('#be123c');

    await page.evaluate(() => localStorage.clear());
    await page.goto(url('/logout'));
    await page.waitForURL('**/login');
    await page.evaluate(() => document.documentElement.style.removeProperty('--theme-color'));
    await signIn(page, 'viewer@example.com');
    await page.waitForURL('**/dashboard');
    expect(await theme()).toBe('#be123c');
  });
});
