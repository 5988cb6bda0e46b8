import { expect } from 'vitest';
import type { TestServer } from '../../server/testing';
import type { jarFetch } from '../support/cookieJar';
import { signedInClient } from '../support/signedIn';

// Test code reads arbitrary JSON shapes; the assertions are the type checks.
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type Client = ReturnType<typeof jarFetch>;

/** The seeded sign-ins' accounts (server/db/seed.ts order: Acme 1, Globex 2, Initech 3). */
export const ACME = 1;
export const GLOBEX = 2;
export const INITECH = 3;

/** A browser-like client: CSRF bootstrap, then cookie login. */
export function signIn(server: TestServer, email: string): Promise<Client> {
  return signedInClient(server.url, email);
}

export async function body(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

/** Calls `/api/v1{path}` (or an absolute URL) and returns status and parsed JSON body. */
export async function call(client: Client, path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const url = /^https?:/.test(path) ? path : `/api/v1${path}`;
  const response = await client(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** Every row of a list, following `links.next` exactly as given (absolute URLs). */
export async function allPages(client: Client, path: string): Promise<{ rows: Json[]; pages: number; total: number }> {
  const first = await call(client, path);
  expect(first.status).toBe(200);
  const rows: Json[] = [...first.body.data];
  let page = first.body;
  let pages = 1;
  while (page.links.next) {
    expect(page.links.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\//);
    const next = await call(client, page.links.next);
    expect(next.status).toBe(200);
    page = next.body;
    rows.push(...page.data);
    pages += 1;
  }
  return { rows, pages, total: first.body.meta.total };
}

/** The DESIGN §4 list envelope, with absolute links. */
export function expectListEnvelope(list: Json): void {
  expect(Object.keys(list).sort()).toEqual(['data', 'links', 'meta']);
  expect(Array.isArray(list.data)).toBe(true);
  expect(list.meta).toMatchObject({
    current_page: expect.any(Number), last_page: expect.any(Number), per_page: expect.any(Number), total: expect.any(Number),
  });
  expect(list.links.first).toMatch(/^http:\/\//);
}
