import type { TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';

// Test code reads arbitrary JSON shapes; the assertions are the type checks.
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

/** A browser-like guest: the CSRF cookie fetched, nobody signed in. */
export async function guestClient(origin: string) {
  const client = jarFetch(origin);
  await client('/sanctum/csrf-cookie');
  return client;
}

/**
 * The local outbox's messages (oldest first), optionally only those to one address, read through
 * the in-process server object: over HTTP the outbox is for administrators only.
 */
export async function outboxMail(server: TestServer, to?: string): Promise<Json[]> {
  const messages = server.server.outbox() as unknown as Json[];
  return to === undefined ? [...messages] : messages.filter((m) => m.to === to);
}
