import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { startFlow } from '../../support/portal';
import { createActor, waitFor } from 'xstate';
import { verificationPathFrom } from '../../../src/api/account';
import {
  createConfirmEmailFlow,
  createVerificationRequestFlow,
  createVerificationResendFlow,
  INCOMPLETE_LINK_TEXT,
  NOT_VERIFIED_YET,
  RESEND_SUMMARY,
  verificationCheckMachine,
  VERIFY_ERROR_SUMMARY,
  VERIFY_FAILED_SUMMARY,
} from '../../../src/machines/account/emailVerification';
import { API } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { csrfHandler, guestPortal, recordBodies, unverifiedPortal } from './flowSupport';

const PATH = '/api/v1/email/verify/9/abcdef?expires=123&signature=ff';
const verifyRoute = `${API}/api/v1/email/verify/9/abcdef`;

afterEach(() => mswServer.events.removeAllListeners());

describe('the verification URL taken from the query', () => {
  test.each([
    [PATH, PATH],
    [`${API}${PATH}`, PATH],
    ['https://evil.example/api/v1/email/verify/9/abcdef?expires=1&signature=f', null],
    ['//evil.example/api/v1/email/verify/9/abcdef?x=1', null],
    ['/api/v1/users/auth', null],
    ['/api/v1/email/verify/9/abcdef', null],
    ['', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(verificationPathFrom(raw, [API])).toBe(expected);
  });
});

describe('confirming: following the signed URL', () => {
  test('verified: auth looks again (auth.retry), ends signed in, and the user continues to the redirect target', async () => {
    const { portal, api, navigations, verify } = await unverifiedPortal('/email-verification-confirmation?url=x&redirect=%2Froles');
    mswServer.use(
      http.get(verifyRoute, ({ request }) => {
        expect(new URL(request.url).searchParams.get('signature')).toBe('ff');
        verify();
        return HttpResponse.json({ message: 'Your email address has been verified.' });
      }),
    );
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: PATH, redirect: '/roles' });
    await waitFor(flow, (s) => s.status === 'done');
    expect(flow.getSnapshot().value).toBe('verified');
    expect(portal.auth.getSnapshot().value).toBe('signedIn');
    expect(navigations.at(-1)).toEqual({ to: '/roles', replace: true });
  });

  test('auth still restoring when the link answers: the retry waits for it, nothing is lost', async () => {
    const { portal, api, navigations, verify } = await unverifiedPortal('/email-verification-confirmation');
    verify();
    mswServer.use(http.get(verifyRoute, () => HttpResponse.json({ message: 'ok' })));
    // Auth is in the middle of looking (as on a fresh page load) when the flow starts.
    portal.auth.send({ type: 'auth.retry' });
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: PATH, redirect: null });
    await waitFor(flow, (s) => s.status === 'done');
    expect(portal.auth.getSnapshot().value).toBe('signedIn');
    expect(navigations.at(-1)?.to).toBe('/dashboard');
  });

  test('opened signed out (another browser): verified, then sign in to continue', async () => {
    mswServer.use(http.get(verifyRoute, () => HttpResponse.json({ message: 'ok' })));
    const { portal, api, navigations } = guestPortal('/email-verification-confirmation');
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: PATH, redirect: '/bots' });
    await waitFor(flow, (s) => s.status === 'done');
    expect(navigations.at(-1)).toEqual({ to: '/login?redirect=%2Fbots', replace: true });
  });

  test('"Invalid/Expired url provided." marks the link expired and goes to /email-verification-expired', async () => {
    mswServer.use(http.get(verifyRoute, () => HttpResponse.json({ message: 'Invalid/Expired url provided.' }, { status: 403 })));
    const { portal, api, navigations } = guestPortal('/email-verification-confirmation');
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: PATH });
    await waitFor(flow, (s) => s.status === 'done');
    expect(flow.getSnapshot().value).toBe('expired');
    expect(navigations.at(-1)).toEqual({ to: '/email-verification-expired', replace: true });
  });

  test('a link that cannot be followed fails at once as "Email Verification Failed"', () => {
    const { portal, api } = guestPortal('/email-verification-confirmation');
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: null });
    expect(flow.getSnapshot().value).toBe('failed');
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: VERIFY_FAILED_SUMMARY, detail: INCOMPLETE_LINK_TEXT });
    flow.send({ type: 'verification.retry' });
    expect(flow.getSnapshot().value).toBe('failed');
  });

  test('another refusal (404) is "Email Verification Failed" with the server’s text', async () => {
    mswServer.use(http.get(verifyRoute, () => HttpResponse.json({ message: 'Not Found.' }, { status: 404 })));
    const { portal, api } = guestPortal('/email-verification-confirmation');
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: PATH });
    await waitFor(flow, (s) => s.matches('failed'));
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: VERIFY_FAILED_SUMMARY, serverDetail: 'Not Found.' });
  });

  test('no answer is "Error verifying email"; trying again can succeed', async () => {
    let down = true;
    mswServer.use(http.get(verifyRoute, () => (down ? HttpResponse.error() : HttpResponse.json({ message: 'ok' }))));
    const { portal, api } = guestPortal('/email-verification-confirmation');
    const flow = startFlow(portal, createConfirmEmailFlow(api), { path: PATH });
    await waitFor(flow, (s) => s.matches('failed'));
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: VERIFY_ERROR_SUMMARY, detail: 'API Error, please try again.' });
    down = false;
    flow.send({ type: 'verification.retry' });
    await waitFor(flow, (s) => s.status === 'done');
    expect(flow.getSnapshot().value).toBe('verified');
  });
});

describe('resending the verification email', () => {
  test('signed in: POST /email/verification-notification with the redirect; a failure has SPEC’s summary', async () => {
    const { api } = await unverifiedPortal();
    const bodies = recordBodies();
    let status = 202;
    mswServer.use(http.post(`${API}/email/verification-notification`, () => HttpResponse.json({ message: 'sent' }, { status })));
    const flow = createActor(createVerificationResendFlow(api), { input: { summary: RESEND_SUMMARY } }).start();
    flow.send({ type: 'operation.start', input: { redirect: '/roles' } });
    await waitFor(flow, (s) => s.matches('success'));
    expect(bodies['POST /email/verification-notification']).toEqual([{ redirect: '/roles' }]);
    status = 429;
    flow.send({ type: 'operation.start', input: {} });
    await waitFor(flow, (s) => s.matches('failed'));
    expect(flow.getSnapshot().context.error?.summary).toBe('Error resending email verification');
  });

  test('by address: POST /api/v1/email/resend {email}', async () => {
    const bodies = recordBodies();
    mswServer.use(csrfHandler, http.post(`${API}/api/v1/email/resend`, () => HttpResponse.json({ message: 'neutral' })));
    const { api } = guestPortal('/email-verification-request');
    const flow = createActor(createVerificationRequestFlow(api), { input: { summary: RESEND_SUMMARY } }).start();
    flow.send({ type: 'operation.start', input: { email: 'uma@example.com' } });
    await waitFor(flow, (s) => s.matches('success'));
    expect(flow.getSnapshot().context.output).toBe('neutral');
    expect(bodies['POST /api/v1/email/resend']).toEqual([{ email: 'uma@example.com' }]);
  });
});

describe('"I have verified my email" on /email-verification', () => {
  test('still unverified: says so and stays', async () => {
    const { portal, navigations } = await unverifiedPortal();
    const before = navigations.length;
    const check = startFlow(portal, verificationCheckMachine, { redirect: '/roles' });
    check.send({ type: 'verification.check' });
    await waitFor(check, (s) => s.matches('idle') && s.context.notice !== null);
    expect(check.getSnapshot().context.notice).toBe(NOT_VERIFIED_YET);
    expect(navigations.length).toBe(before);
  });

  test('verified meanwhile: on to the redirect target', async () => {
    const { portal, navigations, verify } = await unverifiedPortal();
    verify();
    const check = startFlow(portal, verificationCheckMachine, { redirect: '/roles' });
    check.send({ type: 'verification.check' });
    await waitFor(portal.auth, (s) => s.matches('signedIn'));
    await waitFor(check, (s) => s.matches('idle'));
    expect(navigations.at(-1)).toEqual({ to: '/roles', replace: true });
  });

  test('signed out: to sign-in, keeping the target', async () => {
    const { portal, navigations } = guestPortal('/email-verification');
    const check = startFlow(portal, verificationCheckMachine, { redirect: 'https://evil.example' });
    check.send({ type: 'verification.check' });
    await waitFor(check, (s) => s.matches('idle'));
    expect(navigations.at(-1)?.to).toBe('/login?redirect=%2Fdashboard');
  });
});
