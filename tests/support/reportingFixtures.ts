import { http, HttpResponse } from 'msw';
import { API } from './apiFixtures';

/** Payloads and handlers shared by the reporting view tests (shapes of docs/reporting-contract.md). */

export const grades = { A: 3, B: 2, C: 1, D: 0, F: 1 };

export const envelope = (data: unknown[], meta: Partial<{ current_page: number; last_page: number; total: number }> = {}) => ({
  data,
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: data.length ? 1 : null, last_page: 1, per_page: 15, to: data.length, total: data.length, ...meta },
});

/** The account filter's list, which the shell asks for on every signed-in page. */
export const accountsHandler = http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([])));

/** One row of /reporting/roles or /reporting/instances. */
export const statisticsRow = (id: number, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name,
  account_id: 1,
  conversations: 1234,
  minutes: 5678.5,
  cost: 1234.5,
  grade_score: 2.86,
  average_grade: 'B',
  grades,
  ...overrides,
});

/** A breakdown payload; `entity` names the key (`role` or `instance`). */
export const breakdownPayload = (entity: 'role' | 'instance', id: number, name: string) => ({
  data: {
    [entity]: { id, name, account_id: 1 },
    totals: { conversations: 1234, minutes: 56.5, cost: 1234.5, average_duration_seconds: 120, grade_score: 2.86, average_grade: 'B', grades },
    dispositions: [
      { id: 3, label: 'Booked', conversations: 2 },
      { id: null, label: null, conversations: 5 },
    ],
    channels: [{ channel: 'voice', conversations: 7 }],
    timeseries: [
      { date: '2026-11-19', conversations: 4, minutes: 20, cost: 1 },
      { date: '2026-11-20', conversations: 3, minutes: 15, cost: 2 },
    ],
  },
});

export const conversation = (n: number, grade: string) => ({
  id: n,
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  account_id: 1,
  account_name: 'Acme Support',
  channel: 'voice',
  direction: 'inbound',
  status: 'completed',
  phone_number: '15555550100',
  started_at: '2026-11-20T10:00:00.000Z',
  ended_at: '2026-11-20T10:05:00.000Z',
  duration_seconds: 300,
  cost: 1234.5,
  letter_grade: grade,
  role_name: 'Support',
  disposition_label: 'Booked',
});

/** A 500 with the server's own message (SPEC §8 shows it as returned). */
export const serverError = (message: string) => HttpResponse.json({ message }, { status: 500 });

/** Collects the URLs msw received, so a test can assert the query the page sent. */
export function requestLog() {
  const urls: URL[] = [];
  return {
    urls,
    record: (request: Request) => {
      const url = new URL(request.url);
      urls.push(url);
      return url;
    },
    last: () => urls.at(-1),
  };
}
