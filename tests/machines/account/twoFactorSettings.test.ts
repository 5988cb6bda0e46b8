import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { startFlow } from '../../support/portal';
import { waitFor } from 'xstate';
import { createTwoFactorApi } from '../../../src/api/twoFactor';
import {
  CODES_REGENERATED,
  CONFIRM_TWO_FACTOR_FAILED,
  createTwoFactorSettingsFlow,
  PASSWORD_CONFIRM_FAILED,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
} from '../../../src/machines/account/twoFactorSettings';
import { API } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { recordBodies, signedInPortal } from './flowSupport';

const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';
const URL_ = 'otpauth://totp/Agent%20Portal:admin%40example.com?issuer=Agent%20Portal&secret=ABC';
const FIRST_CODES = Array.from({ length: 8 }, (_, i) => `aaaaaaaaa${i}-bbbbbbbbbb`);
const NEW_CODES = Array.from({ length: 8 }, (_, i) => `ccccccccc${i}-dddddddddd`);

afterEach(() => mswServer.events.removeAllListeners());

const PASSWORD_INCORRECT = 'The provided password was incorrect.';

/**
 * Fortify's routes over a tiny in-memory state, answering as the reference API does. With
 * `passwordConfirm`, every management route answers 423 until POST /user/confirm-password.
 */
function fortifyTwoFactor(options: { passwordConfirm?: boolean } = {}) {
  const state = { enabled: false, confirmed: false, codes: FIRST_CODES, passwordConfirmed: !options.passwordConfirm };
  const locked = () => (state.passwordConfirmed ? undefined : HttpResponse.json({ message: 'Password confirmation required.' }, { status: 423 }));
  mswServer.use(
    http.post(`${API}/user/confirm-password`, async ({ request }) => {
      if (!options.passwordConfirm) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      const { password } = (await request.json()) as { password: string };
      if (password !== 'password') return HttpResponse.json({ message: PASSWORD_INCORRECT, errors: { password: [PASSWORD_INCORRECT] } }, { status: 422 });
      state.passwordConfirmed = true;
      return HttpResponse.json('', { status: 201 });
    }),
    http.all(`${API}/user/two-factor-*`, () => locked()),
    http.all(`${API}/user/confirmed-two-factor-authentication`, () => locked()),
    http.post(`${API}/user/two-factor-authentication`, () => {
      state.enabled = true;
      return HttpResponse.json('');
    }),
    http.delete(`${API}/user/two-factor-authentication`, () => {
      Object.assign(state, { enabled: false, confirmed: false });
      return HttpResponse.json('');
    }),
    http.get(`${API}/user/two-factor-qr-code`, () => HttpResponse.json(state.enabled ? { svg: SVG, url: URL_ } : [])),
    http.get(`${API}/user/two-factor-secret-key`, () => HttpResponse.json({ secretKey: 'ABC' })),
    http.post(`${API}/user/confirmed-two-factor-authentication`, async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456') return HttpResponse.json({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } }, { status: 422 });
      state.confirmed = true;
      return HttpResponse.json('');
    }),
    http.get(`${API}/user/two-factor-recovery-codes`, () => HttpResponse.json(state.enabled ? state.codes : [])),
    http.post(`${API}/user/two-factor-recovery-codes`, () => {
      state.codes = NEW_CODES;
      return HttpResponse.json('');
    }),
  );
  return state;
}

describe('two-factor set-up on /settings (Fortify routes)', () => {
  test('enable → QR code as an image data URL → wrong code (422 on the field) → right code → recovery codes → regenerate → disable', async () => {
    const { portal } = await signedInPortal();
    const server = fortifyTwoFactor();
    const bodies = recordBodies();
    const flow = startFlow(portal, createTwoFactorSettingsFlow(createTwoFactorApi(portal.http)));
    expect(flow.getSnapshot().value).toBe('off');

    flow.send({ type: 'twoFactor.enable' });
    await waitFor(flow, (s) => s.matches('confirming'));
    const setup = flow.getSnapshot().context.setup!;
    expect(setup.secretKey).toBe('ABC');
    expect(setup.url).toBe(URL_);
    expect(setup.qrImage.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(setup.qrImage.split(',')[1]!, 'base64').toString('utf8')).toBe(SVG);

    flow.send({ type: 'twoFactor.confirm', code: '000000' });
    await waitFor(flow, (s) => s.matches('confirming') && s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: CONFIRM_TWO_FACTOR_FAILED, fieldErrors: { code: [INVALID_CODE] } });

    flow.send({ type: 'twoFactor.confirm', code: '123456' });
    await waitFor(flow, (s) => s.matches('on') && s.context.recoveryCodes !== null);
    expect(flow.getSnapshot().context).toMatchObject({ recoveryCodes: FIRST_CODES, notice: TWO_FACTOR_ON, setup: null, error: null });
    expect(server.confirmed).toBe(true);
    expect(portal.auth.getSnapshot().context.user?.two_factor_confirmed_at).toEqual(expect.any(String));

    flow.send({ type: 'twoFactor.regenerateCodes' });
    await waitFor(flow, (s) => s.matches('on') && s.context.notice === CODES_REGENERATED);
    expect(flow.getSnapshot().context.recoveryCodes).toEqual(NEW_CODES);

    flow.send({ type: 'twoFactor.disable' });
    expect(flow.getSnapshot().value).toBe('askingToDisable');
    flow.send({ type: 'twoFactor.disableConfirmed' });
    await waitFor(flow, (s) => s.matches('off'));
    expect(flow.getSnapshot().context).toMatchObject({ notice: TWO_FACTOR_OFF, recoveryCodes: null });
    expect(portal.auth.getSnapshot().context.user?.two_factor_confirmed_at).toBeNull();
    expect(bodies['POST /user/confirmed-two-factor-authentication']).toEqual([{ code: '000000' }, { code: '123456' }]);
    expect(Object.keys(bodies)).toContain('DELETE /user/two-factor-authentication');
  });

  test('cancelling a set-up before confirming disables it again', async () => {
    const { portal } = await signedInPortal();
    const server = fortifyTwoFactor();
    const flow = startFlow(portal, createTwoFactorSettingsFlow(createTwoFactorApi(portal.http)));
    flow.send({ type: 'twoFactor.enable' });
    await waitFor(flow, (s) => s.matches('confirming'));
    flow.send({ type: 'twoFactor.cancel' });
    await waitFor(flow, (s) => s.matches('off'));
    expect(server.enabled).toBe(false);
  });

  test('a user whose two-factor is confirmed starts "on"; recovery codes are shown only when asked', async () => {
    const { portal } = await signedInPortal();
    fortifyTwoFactor().enabled = true;
    const user = portal.auth.getSnapshot().context.user!;
    portal.auth.send({ type: 'auth.userUpdated', user: { ...user, two_factor_confirmed_at: '2026-11-25T00:00:00.000000Z' } });
    const flow = startFlow(portal, createTwoFactorSettingsFlow(createTwoFactorApi(portal.http)));
    expect(flow.getSnapshot().value).toBe('on');
    expect(flow.getSnapshot().context.recoveryCodes).toBeNull();
    flow.send({ type: 'twoFactor.showCodes' });
    await waitFor(flow, (s) => s.matches('on') && s.context.recoveryCodes !== null);
    expect(flow.getSnapshot().context.recoveryCodes).toEqual(FIRST_CODES);
  });

  test('turning it off asks first: "keep it on" sends nothing', async () => {
    const { portal } = await signedInPortal();
    const server = fortifyTwoFactor();
    server.enabled = true;
    const user = portal.auth.getSnapshot().context.user!;
    portal.auth.send({ type: 'auth.userUpdated', user: { ...user, two_factor_confirmed_at: '2026-11-25T00:00:00.000000Z' } });
    const calls: string[] = [];
    mswServer.events.on('request:start', ({ request }) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
    const flow = startFlow(portal, createTwoFactorSettingsFlow(createTwoFactorApi(portal.http)));
    flow.send({ type: 'twoFactor.disable' });
    expect(flow.getSnapshot().value).toBe('askingToDisable');
    flow.send({ type: 'twoFactor.keepOn' });
    expect(flow.getSnapshot().value).toBe('on');
    expect(calls).toEqual([]);
    expect(server.enabled).toBe(true);
  });
});

describe("Fortify's password.confirm (423) in front of the two-factor routes", () => {
  test('a 423 asks for the password; a wrong one is 422 on the field; the right one runs the refused step', async () => {
    const { portal } = await signedInPortal();
    const server = fortifyTwoFactor({ passwordConfirm: true });
    const calls: string[] = [];
    mswServer.events.on('request:start', ({ request }) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
    const flow = startFlow(portal, createTwoFactorSettingsFlow(createTwoFactorApi(portal.http)));

    flow.send({ type: 'twoFactor.enable' });
    await waitFor(flow, (s) => s.matches('passwordNeeded'));
    expect(server.enabled).toBe(false);

    flow.send({ type: 'twoFactor.confirmPassword', password: 'wrong' });
    await waitFor(flow, (s) => s.matches('passwordNeeded') && s.context.error !== null);
    expect(flow.getSnapshot().context.error).toMatchObject({ summary: PASSWORD_CONFIRM_FAILED, fieldErrors: { password: [PASSWORD_INCORRECT] } });

    flow.send({ type: 'twoFactor.confirmPassword', password: 'password' });
    await waitFor(flow, (s) => s.matches('confirming'));
    expect(server.enabled).toBe(true);
    expect(flow.getSnapshot().context.setup?.secretKey).toBe('ABC');
    expect(calls.filter((call) => call !== 'GET /sanctum/csrf-cookie')).toEqual([
      'POST /user/two-factor-authentication',
      'POST /user/confirm-password',
      'POST /user/confirm-password',
      'POST /user/two-factor-authentication',
      'GET /user/two-factor-qr-code',
      'GET /user/two-factor-secret-key',
    ]);
  });

  test('cancelling the password keeps things as they were', async () => {
    const { portal } = await signedInPortal();
    const server = fortifyTwoFactor({ passwordConfirm: true });
    server.enabled = true;
    const user = portal.auth.getSnapshot().context.user!;
    portal.auth.send({ type: 'auth.userUpdated', user: { ...user, two_factor_confirmed_at: '2026-11-25T00:00:00.000000Z' } });
    const flow = startFlow(portal, createTwoFactorSettingsFlow(createTwoFactorApi(portal.http)));
    flow.send({ type: 'twoFactor.showCodes' });
    await waitFor(flow, (s) => s.matches('passwordNeeded'));
    flow.send({ type: 'twoFactor.cancelPassword' });
    expect(flow.getSnapshot().value).toBe('on');
    expect(flow.getSnapshot().context.recoveryCodes).toBeNull();

    flow.send({ type: 'twoFactor.disable' });
    flow.send({ type: 'twoFactor.disableConfirmed' });
    await waitFor(flow, (s) => s.matches('passwordNeeded'));
    flow.send({ type: 'twoFactor.confirmPassword', password: 'password' });
    await waitFor(flow, (s) => s.matches('off'));
    expect(flow.getSnapshot().context.notice).toBe(TWO_FACTOR_OFF);
    expect(server.enabled).toBe(false);
  });
});
