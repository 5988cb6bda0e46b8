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

/** The dev outbox's messages (oldest first), optionally only those to one address. */
export async function outboxMail(origin: string, to?: string): Promise<Json[]> {
  const messages = (await json(await fetch(`${origin}/dev/outbox.json`))).data as Json[];
  return to === undefined ? messages : messages.filter((m) => m.to === to);
}
