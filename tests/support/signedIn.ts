import { expect } from 'vitest';
import { jarFetch } from './cookieJar';

/** A browser-like client of the reference API: CSRF cookie, then POST /login, then cookies kept. */
export async function signedInClient(origin: string, email: string, password = 'password') {
  const client = jarFetch(origin);
  expect((await client('/sanctum/csrf-cookie')).status).toBe(204);
  const response = await client('/login', { method: 'POST', json: { email, password } });
  expect(response.status).toBe(200);
  return client;
}
