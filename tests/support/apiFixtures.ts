import { http, HttpResponse, delay } from 'msw';

/** Base of the API in Node tests (no page origin there). */
export const API = 'http://api.test';

const actions = (on: boolean, level: number) => ({ browse: on, read: on, edit: on, add: on, delete: on, level });

export const MODELS = [
  'Accounts', 'Users', 'Actions', 'Call-Data', 'Instances', 'Recordings', 'Roles', 'Chat', 'Feedback', 'Contacts',
  'Sip-Credentials', 'Transcripts', 'UsageSummaries', 'Reporting', 'Agents', 'AgentInstructions', 'Tools', 'Bots',
  'LLMs', 'Dispositions', 'Scorecards', 'Workflows',
];

export function permissionsFor(allowed: string[] | 'all', level = 9) {
  // Global access false with no grant closes the whole portal (/error/access): every fixture user may use it.
  const data: Record<string, unknown> = { Global: { access: true } };
  for (const model of MODELS) data[model] = actions(allowed === 'all' || allowed.includes(model), allowed === 'all' ? level : 1);
  return { data };
}

export const adminUser = { id: 1, name: 'Ada Admin', email: 'admin@example.com', isAdmin: true, theme_color: '#4f46e5', account_id: 1 };

/** Handlers for a complete successful sign-in; override any of them per test. */
export function signInHandlers(options: { user?: unknown; permissions?: unknown; loginDelayMs?: number } = {}) {
  return [
    http.get(`${API}/sanctum/csrf-cookie`, () => new HttpResponse(null, { status: 204 })),
    http.post(`${API}/login`, async () => {
      if (options.loginDelayMs) await delay(options.loginDelayMs);
      return HttpResponse.json({ two_factor: false });
    }),
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json(options.user ?? { data: adminUser })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json(options.permissions ?? permissionsFor('all'))),
    http.post(`${API}/logout`, () => new HttpResponse(null, { status: 204 })),
    // The shell's preferences actor reads the user settings once per session (issue 30): a backend
    // without the theme and saved-view keys, unless a test says otherwise.
    http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: { theme_color: null, timezone: 'UTC', notifications: { product_updates: true, weekly_summary: false } } })),
  ];
}

/**
 * A backend without the review calls of docs/review-contract.md: each answers Laravel's 404, on
 * which the portal hides the review features quietly.
 */
export function withoutReviewCalls() {
  const notFound = () => HttpResponse.json({ message: 'Not Found' }, { status: 404 });
  return ['scorecards', 'evaluations', 'notes', 'timings'].map((part) =>
    http.get(`${API}/api/v1/reporting/conversations/:id/${part}`, notFound),
  );
}
