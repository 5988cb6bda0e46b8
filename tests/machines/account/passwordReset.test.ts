import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { startFlow } from '../../support/portal';
import { createActor, waitFor } from 'xstate';
import { createForgotPasswordFlow, FORGOT_PASSWORD_SUMMARY } from '../../../src/machines/account/forgotPassword';
import { createResetPasswordFlow, RESET_ERROR_SUMMARY, RESET_REJECTED_SUMMARY } from '../../../src/machines/account/resetPassword';
import { statusCode } from '../../../src/machines/operation';
import { API } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { csrfHandler, guestPortal, recordBodies } from './flowSupport';

afterEach(() => mswServer.events.removeAllListeners());

describe('forgot password (the operation statechart)', () => {
  test('success keeps the server’s neutral status text as output', async () => {
    const bodies = recordBodies();
    mswServer.use(csrfHandler, http.post(`${API}/forgot-password`, () => HttpResponse.json({ message: 'We have emailed your password reset link.' })));
    const { api } = guestPortal('/forgot-password');
    const flow = createActor(createForgotPasswordFlow(api), { input: { summary: FORGOT_PASSWORD_SUMMARY } }).start();
    flow.send({ type: 'operation.start', input: { email: 'viewer@example.com' } });
    await waitFor(flow, (s) => s.matches('success'));
    expect(statusCode(flow.getSnapshot())).toBe(2);
    expect(flow.getSnapshot().context.output).toBe('We have emailed your password reset link.');
    expect(bodies['POST /forgot-password']).toEqual([{ email: 'viewer@example.com' }]);
  });

  test.each([
    [422, { message: 'The email field must be a valid email address.', errors: { email: ['The email field must be a valid email address.'] } }, { detail: 'The email field must be a valid email address.' }],
    [429, { message: 'Too many attempts. Please try again in 42 seconds.' }, { detail: 'API Error, please try again.', serverDetail: 'Too many attempts. Please try again in 42 seconds.' }],
    [500, { message: 'Server Error' }, { detail: 'API Error, please try again.', serverDetail: 'Server Error' }],
  ])('a %i fails with SPEC’s summary and the server’s text', async (status, body, expected) => {
    mswServer.use(csrfHandler, http.post(`${API}/forgot-password`, () => HttpResponse.json(body, { status })));
    const { api } = guestPortal('/forgot-password');
    const flow = createActor(createForgotPasswordFlow(api), { input: { summary: FORGOT_PASSWORD_SUMMARY } }).start();
    flow.send({ type: 'operation.start', input: { email: 'x@example.com' } });
    await waitFor(flow, (s) => s.matches('failed'));
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: 'Error sending reset password email', ...expected, status });
  });
});

describe('reset password', () => {
  const submit = { type: 'reset.submit', email: 'viewer@example.com', password: 'brand-new-secret', password_confirmation: 'brand-new-secret' } as const;

  test('without a token in the link there is nothing to submit', () => {
    const { portal, api } = guestPortal('/reset-password');
    const flow = startFlow(portal, createResetPasswordFlow(api), { token: null, email: 'a@b.c' });
    expect(flow.getSnapshot().value).toBe('linkIncomplete');
    flow.send(submit);
    expect(flow.getSnapshot().value).toBe('linkIncomplete');
  });

  test('submits email, password, password_confirmation and the token from the link (SPEC §5), then goes to /reset-password/thanks', async () => {
    const bodies = recordBodies();
    mswServer.use(csrfHandler, http.post(`${API}/reset-password`, () => HttpResponse.json({ message: 'Your password has been reset.' })));
    const { portal, api, navigations } = guestPortal('/reset-password?token=abc');
    const flow = startFlow(portal, createResetPasswordFlow(api), { token: 'abc', email: 'viewer@example.com' });
    expect(flow.getSnapshot().value).toBe('editing');
    flow.send(submit);
    await waitFor(flow, (s) => s.status === 'done');
    expect(bodies['POST /reset-password']).toEqual([{ email: 'viewer@example.com', password: 'brand-new-secret', password_confirmation: 'brand-new-secret', token: 'abc' }]);
    expect(navigations).toEqual([{ to: '/reset-password/thanks', replace: true }]);
  });

  test('a 422 (bad token, weak password) is "Reset Password Failed" with errors by field', async () => {
    mswServer.use(
      csrfHandler,
      http.post(`${API}/reset-password`, () =>
        HttpResponse.json({ message: 'This password reset token is invalid.', errors: { email: ['This password reset token is invalid.'] } }, { status: 422 }),
      ),
    );
    const { portal, api, navigations } = guestPortal('/reset-password?token=abc');
    const flow = startFlow(portal, createResetPasswordFlow(api), { token: 'abc', email: '' });
    flow.send(submit);
    await waitFor(flow, (s) => s.matches('editing') && s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: RESET_REJECTED_SUMMARY, fieldErrors: { email: ['This password reset token is invalid.'] } });
    expect(navigations).toEqual([]);
  });

  test('no answer or a server error is "Error resetting password"; submitting again can succeed', async () => {
    let fail = true;
    mswServer.use(
      csrfHandler,
      http.post(`${API}/reset-password`, () => (fail ? HttpResponse.error() : HttpResponse.json({ message: 'ok' }))),
    );
    const { portal, api } = guestPortal('/reset-password?token=abc');
    const flow = startFlow(portal, createResetPasswordFlow(api), { token: 'abc', email: '' });
    flow.send(submit);
    await waitFor(flow, (s) => s.matches('editing') && s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: RESET_ERROR_SUMMARY, detail: 'API Error, please try again.', status: 0 });
    fail = false;
    flow.send(submit);
    await waitFor(flow, (s) => s.status === 'done');
  });
});
