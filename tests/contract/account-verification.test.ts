import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appSecret, signedVerificationPath } from '../../server/mail/links';
import { startTestServer, type TestServer } from '../../server/testing';
import { guestClient, json, outboxMail } from './account-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const guest = () => guestClient(server.url);

const outbox = (to: string) => outboxMail(server, to);

/** The API path inside the portal link of the newest mail to `to`. */
async function verificationPath(to: string): Promise<string> {
  const mail = (await outbox(to)).at(-1);
  expect(mail?.subject).toBe('Verify Email Address');
  const link = new URL(mail!.links[0] as string);
  expect(link.pathname).toBe('/email-verification-confirmation');
  return link.searchParams.get('url')!;
}

const newUser = (email: string) => ({ name: 'Nia New', email, password: 'correct-horse', password_confirmation: 'correct-horse' });

describe('POST /register (Fortify)', () => {
  test('creates the user, signs them in (unverified) and mails a signed verification link', async () => {
    const client = await guest();
    const response = await client('/register', { method: 'POST', json: { ...newUser('nia@example.com'), redirect: '/roles' } });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ email: 'nia@example.com', email_verified_at: null });
    expect(client.jar.get('portal_session')).toBeDefined();
    // Signed in, but SPEC §5's rule applies until the address is verified.
    const me = await client('/api/v1/users/auth');
    expect(me.status).toBe(403);
    expect(await json(me)).toEqual({ message: 'Your email address is not verified.' });

    const mail = (await outbox('nia@example.com')).at(-1)!;
    expect(new URL(mail.links[0]).searchParams.get('redirect')).toBe('/roles');
    const path = await verificationPath('nia@example.com');
    expect(path).toMatch(/^\/api\/v1\/email\/verify\/\d+\/[0-9a-f]{64}\?expires=\d+&signature=[0-9a-f]{64}$/);
    const verify = await client(path);
    expect(verify.status).toBe(200);
    expect((await client('/api/v1/users/auth')).status).toBe(200);
  });

  test('validation errors come back per field with Laravel texts', async () => {
    const client = await guest();
    const response = await client('/register', { method: 'POST', json: { name: '', email: 'nope', password: 'short', password_confirmation: 'other' } });
    expect(response.status).toBe(422);
    const { errors } = await json(response);
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.email).toEqual(['The email field must be a valid email address.']);
    expect(errors.password).toContain('The password field must be at least 8 characters.');
  });

  test('a mismatched confirmation and a taken address are refused', async () => {
    const client = await guest();
    const mismatch = await client('/register', { method: 'POST', json: { ...newUser('mia@example.com'), password_confirmation: 'different-one' } });
    expect((await json(mismatch)).errors.password).toEqual(['The password field confirmation does not match.']);
    const taken = await client('/register', { method: 'POST', json: newUser('ADMIN@example.com') });
    expect(taken.status).toBe(422);
    expect((await json(taken)).errors.email).toEqual(['The email has already been taken.']);
    // Reported together with the other rules, as Laravel does.
    const both = await client('/register', { method: 'POST', json: { ...newUser('admin@example.com'), password: 'short' } });
    expect(Object.keys((await json(both)).errors)).toEqual(['email', 'password']);
  });

  test('needs the XSRF header like every write', async () => {
    const client = await guest();
    const response = await client('/register', { method: 'POST', json: newUser('xsrf@example.com'), xsrf: false });
    expect(response.status).toBe(419);
  });
});

describe('signed verification links', () => {
  const userId = () => (server.server.db.prepare("SELECT id FROM users WHERE email = 'unverified@example.com'").get() as { id: number }).id;
  const secret = () => appSecret(server.server.db);

  test('an expired link answers 403 "Invalid/Expired url provided." and verifies nothing', async () => {
    const path = signedVerificationPath(secret(), { id: userId(), email: 'unverified@example.com' }, new Date(Date.now() - 1000));
    const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ message: 'Invalid/Expired url provided.' });
  });

  test.each([
    ['a changed signature', (p: string) => p.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`)],
    ['a later expiry', (p: string) => p.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 3600}`)],
    ['another user id', (p: string) => p.replace(/verify\/\d+\//, 'verify/1/')],
    ['no signature', (p: string) => p.replace(/&signature=.*$/, '')],
  ])('a tampered link (%s) answers the same 403', async (_name, tamper) => {
    const path = signedVerificationPath(secret(), { id: userId(), email: 'unverified@example.com' }, new Date(Date.now() + 60_000));
    const response = await fetch(`${server.url}${tamper(path)}`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(403);
    expect((await json(response)).message).toBe('Invalid/Expired url provided.');
  });

  test('a link for an address the user has since changed is refused', async () => {
    const path = signedVerificationPath(secret(), { id: userId(), email: 'old-address@example.com' }, new Date(Date.now() + 60_000));
    expect((await fetch(`${server.url}${path}`)).status).toBe(403);
  });
});

describe('asking for a new link', () => {
  test('POST /api/v1/email/resend mails a new link for an unverified address, answers neutrally otherwise', async () => {
    const client = await guest();
    const before = (await outbox('unverified@example.com')).length;
    const known = await client('/api/v1/email/resend', { method: 'POST', json: { email: 'unverified@example.com' } });
    expect(known.status).toBe(200);
    const unknown = await client('/api/v1/email/resend', { method: 'POST', json: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(200);
    expect((await json(unknown)).message).toBe((await json(known)).message);
    expect((await outbox('unverified@example.com')).length).toBe(before + 1);
    expect(await outbox('nobody@example.com')).toEqual([]);
  });

  test('POST /email/verification-notification: 401 for guests, 202 for the unverified user, 204 once verified', async () => {
    const anonymous = await guest();
    expect((await anonymous('/email/verification-notification', { method: 'POST', json: {} })).status).toBe(401);

    const client = await guest();
    await client('/register', { method: 'POST', json: newUser('kai@example.com') });
    const sent = await client('/email/verification-notification', { method: 'POST', json: { redirect: '/bots' } });
    expect(sent.status).toBe(202);
    expect((await outbox('kai@example.com')).length).toBe(2);
    expect(new URL((await outbox('kai@example.com')).at(-1)!.links[0]).searchParams.get('redirect')).toBe('/bots');
    await client(await verificationPath('kai@example.com'));
    expect((await client('/email/verification-notification', { method: 'POST', json: {} })).status).toBe(204);
  });

  test('resending is throttled per address: 429 with a clear message', async () => {
    const client = await guest();
    const send = () => client('/api/v1/email/resend', { method: 'POST', json: { email: 'throttled@example.com' } });
    for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(200);
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});

describe('the local outbox', () => {
  test('GET /dev/outbox lists messages with their links as HTML, escaped (for an administrator)', async () => {
    const client = await guest();
    await client('/register', { method: 'POST', json: { ...newUser('html@example.com'), redirect: '/roles' } });
    const admin = await guest();
    expect((await admin('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'password' } })).status).toBe(200);
    const response = await admin('/dev/outbox', { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const page = await response.text();
    expect(page).toContain('Verify Email Address');
    expect(page).toContain('html@example.com');
    expect(page).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/email-verification-confirmation\?url=/);
    // The link's `&` is escaped in the attribute: mail text is never spliced into the page raw.
    expect(page).toContain('&amp;redirect=%2Froles');
    expect(page).not.toMatch(/href="[^"]*[^;]&redirect/);
  });
});
