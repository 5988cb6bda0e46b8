import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { twoFactorState } from '../../server/auth/twoFactor';
import { findUserByEmail } from '../../server/auth/users';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
/** The local provider's signing key, held by the test so it can mint tokens the provider could have. */
let providerKey: CryptoKey;
let providerJwk: Awaited<ReturnType<typeof exportJWK>>;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  providerKey = pair.privateKey;
  providerJwk = { ...(await exportJWK(pair.privateKey)), kid: 'e2e-provider-key' };
});
beforeEach(async () => {
  // As `npm start` runs: the local OpenID provider mounted and named in config.json.
  e2e = await startE2E({ localOidc: { signingKey: providerJwk } });
});
afterEach(async () => {
  await e2e?.close();
});

/** Through the local provider's own sign-in page, as a person would. */
async function signInAtProvider(page: Page, email: string, password = 'password') {
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.waitForURL('**/oidc/interaction/**');
  await page.getByRole('heading', { name: 'Local identity provider' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function tokenCookies(page: Page): Promise<string[]> {
  const names = new Set(['AccessToken', 'IdToken', 'PortalToken']);
  return (await page.context().cookies()).filter((cookie) => names.has(cookie.name) && cookie.value !== '').map((c) => c.name).sort();
}

describe('single sign-on through the local OpenID provider (authorization code + PKCE)', () => {
  test('sign in at the provider → dashboard with the three token cookies; sign out clears them and offers the provider sign-out', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signInAtProvider(page, 'sso@example.com');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /^Welcome/ }).waitFor();
    expect(await tokenCookies(page)).toEqual(['AccessToken', 'IdToken', 'PortalToken']);
    // The one-time code is gone from the address bar and history.
    expect(page.url()).not.toContain('code=');

    await page.getByRole('button', { name: /Sam|sso@example.com/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await tokenCookies(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out of the identity provider too' }).click();
    await page.waitForURL('**/oidc/session/end**');
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    // Signed out at the provider too: SSO asks for the password again.
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.getByLabel('Password').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  test('the page asked for before SSO (?redirect=) is where the sign-in lands', async () => {
    const { page, url } = e2e;
    await page.goto(url('/roles'));
    await page.waitForURL('**/login?redirect=%2Froles');
    await signInAtProvider(page, 'sso@example.com');
    await page.waitForURL((u) => u.pathname === '/roles');
    expect(e2e.pageErrors).toEqual([]);
  });

  test('Cancel on the provider page lands on /login with a clear message', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.waitForURL('**/oidc/interaction/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Single Sign-On Failed');
    expect(await alert.textContent()).toContain('The sign-in was cancelled at the identity provider.');
    expect(new URL(page.url()).search).toBe('');
    expect(await tokenCookies(page)).toEqual([]);
  });

  test('a tampered return (a state this browser never issued) is refused on /login', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login?code=stolen-code&state=forged-state'));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('did not match a sign-in started here');
    expect(await tokenCookies(page)).toEqual([]);
  });

  test('an identity the portal does not know: the API refuses the exchange and /login says why', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signInAtProvider(page, 'stranger@example.com');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Single Sign-On Failed');
    expect(await alert.textContent()).toContain('No portal user matches this identity.');
    expect(await tokenCookies(page)).toEqual([]);
  });
});

describe('identity tokens that must be refused, swapped in on the way back from the provider', () => {
  /**
   * Replaces the id token the provider's token endpoint answers with one signed by `key` and
   * claims changed by `change`. Nonce and state still match, so oidc-client-ts (which checks
   * those, not the signature, audience or expiry) passes it on; the API must refuse it.
   */
  async function swapIdToken(page: Page, key: CryptoKey, change: (claims: JWTPayload) => JWTPayload) {
    await page.route('**/oidc/token', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { id_token: string };
      const claims = change(JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload);
      const swapped = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'e2e-provider-key' }).sign(key);
      await route.fulfill({ response, json: { ...body, id_token: swapped } });
    });
  }

  async function refusalAfterSignIn(page: Page): Promise<string> {
    await page.goto(e2e.url('/login'));
    await signInAtProvider(page, 'sso@example.com');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await tokenCookies(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('Single Sign-On Failed');
    return text;
  }

  test('control: the same swap with the provider key and unchanged claims signs in', async () => {
    await swapIdToken(e2e.page, providerKey, (claims) => claims);
    await e2e.page.goto(e2e.url('/login'));
    await signInAtProvider(e2e.page, 'sso@example.com');
    await e2e.page.waitForURL('**/dashboard');
  });

  test('forged (right claims, an attacker key under the same kid): the API refuses the signature', async () => {
    await swapIdToken(e2e.page, (await generateKeyPair('RS256')).privateKey, (claims) => claims);
    expect(await refusalAfterSignIn(e2e.page)).toContain("The identity token's signature does not match the identity provider's keys.");
  });

  test('expired (provider key): the API refuses it', async () => {
    await swapIdToken(e2e.page, providerKey, (claims) => ({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(await refusalAfterSignIn(e2e.page)).toContain('The identity token has expired.');
  });

  test('for another audience (provider key): the API refuses it', async () => {
    await swapIdToken(e2e.page, providerKey, (claims) => ({ ...claims, aud: 'some-other-app' }));
    expect(await refusalAfterSignIn(e2e.page)).toContain('The identity token was not issued for this portal.');
  });
});

describe('two-factor sign-in (Fortify)', () => {
  function secretOf(email: string): { secret: string; recoveryCodes: string[] } {
    const db = e2e.server.server.db;
    const state = twoFactorState(db, findUserByEmail(db, email)!.id)!;
    return { secret: state.secret!, recoveryCodes: state.recoveryCodes };
  }

  test('password, then a wrong code (stays, says why), then the authenticator code → dashboard', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, '2fa@example.com');
    await page.waitForURL('**/two-factor-challenge');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Two-Factor Authentication Failed');
    expect(await page.getByText('The provided two factor authentication code was invalid.').count()).toBeGreaterThan(0);

    const code = new TOTP({ secret: secretOf('2fa@example.com').secret }).generate();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /^Welcome/ }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  test('a recovery code signs in instead of a code', async () => {
    const { page, url } = e2e;
    const [recovery] = secretOf('2fa@example.com').recoveryCodes;
    await page.goto(url('/login'));
    await signIn(page, '2fa@example.com');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
  });

  test('/settings: enable → QR code (an image, not markup) → confirm with a code → recovery codes, regenerate; the next sign-in asks for a code', async () => {
    const { page, url } = e2e;
    await page.goto(url('/login'));
    await signIn(page, 'viewer@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto(url('/settings'));
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    // Fortify's password.confirm (423): the card asks for the password, then enables.
    await card.getByRole('heading', { name: 'Confirm your password' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('two-factor-confirm-password');
    await card.getByLabel('Password', { exact: true }).fill('wrong-password');
    await card.getByRole('button', { name: 'Confirm password' }).click();
    await card.getByText('The provided password was incorrect.').first().waitFor();
    await card.getByLabel('Password', { exact: true }).fill('password');
    await card.getByRole('button', { name: 'Confirm password' }).click();
    const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await card.locator('svg').count()).toBe(0);
    const secret = (await card.locator('code').first().textContent())!.trim();

    await card.getByLabel('Code from your authenticator app').fill('000000');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('The provided two factor authentication code was invalid.').first().waitFor();

    await card.getByLabel('Code from your authenticator app').fill(new TOTP({ secret }).generate());
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('status').filter({ hasText: 'Two-factor authentication is on.' }).waitFor();
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(8);
    const before = await codes.allTextContents();
    await card.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    await card.getByRole('status').filter({ hasText: 'New recovery codes were made' }).waitFor();
    expect((await codes.allTextContents()).filter((code) => before.includes(code))).toEqual([]);
    // Focus goes to the outcome of the change, not the page body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('New recovery codes were made');

    // The codes can be downloaded (and copied) as they are.
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download recovery codes' }).click()]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const saved = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      }, reject);
    });
    expect(saved.trim().split('\n')).toEqual(await codes.allTextContents());
    await card.getByRole('button', { name: 'Copy recovery codes' }).click();
    await card.getByRole('status').filter({ hasText: /Recovery codes copied|select the codes and copy them/ }).waitFor();

    // Turning it off asks first; keeping it on changes nothing.
    await card.getByRole('button', { name: 'Disable two-factor authentication' }).click();
    await card.getByText('Turn off two-factor authentication?').waitFor();
    await card.getByRole('button', { name: 'Keep it on' }).click();
    await card.getByText('Two-factor authentication is on for your account.').waitFor();

    await page.getByRole('button', { name: /Vic|viewer@example.com/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'viewer@example.com');
    await page.waitForURL('**/two-factor-challenge');
    expect(e2e.pageErrors).toEqual([]);
  });
});
