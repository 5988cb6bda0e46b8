import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';
import { accountHandlers, LLMS, sectionHandlers } from './accountRefs.fixtures';

const AGENTS = [
  { id: 1, account_id: 1, name: 'Support agent', description: null, llm_id: 1, agent_instruction_id: 5 },
  { id: 2, account_id: 2, name: 'Sales agent', description: null, llm_id: 7, agent_instruction_id: null },
  { id: 3, account_id: 1, name: 'Orphan agent', description: null, llm_id: 99, agent_instruction_id: null },
];

const columnCells = (table: HTMLElement, header: string) => {
  const index = within(table).getAllByRole('columnheader').findIndex((th) => th.textContent === header);
  expect(index).toBeGreaterThan(-1);
  return within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[index]!);
};

describe('references by name (item 3)', () => {
  test('a list shows each foreign key as the linked record’s name: one call per referenced section for the page; a missing one reads "#id"', { timeout: 20000 }, async () => {
    const requests = recordRequests();
    await renderPortal('/agents', { handlers: [...sectionHandlers('agents', AGENTS.map((a) => ({ ...a }))), ...sectionHandlers('llms', LLMS), ...accountHandlers()] });
    const table = await screen.findByRole('table', { name: 'Agents' });
    await waitFor(() => expect(within(table).getAllByRole('link', { name: 'GPT-4o' })).toHaveLength(2));
    const llmCells = columnCells(table, 'LLM');
    expect(within(llmCells[0]!).getByRole('link', { name: 'GPT-4o' })).toHaveAttribute('href', '/llms/1');
    expect(within(llmCells[1]!).getByRole('link', { name: 'GPT-4o' })).toHaveAttribute('href', '/llms/7');
    expect(llmCells[2]).toHaveTextContent('#99');
    expect(within(llmCells[2]!).queryByRole('link')).toBeNull();
    // Batched: the three rows' LLMs in one call, not one per row.
    expect(requests.filter((r) => r.startsWith('GET /api/v1/llms/?filter'))).toEqual(['GET /api/v1/llms/?filter[id]=1,7,99&show=100&page=1']);
    // The accounts are named by the account filter's list, or, where it is not in yet, by one batched lookup.
    expect(requests.filter((r) => r.startsWith('GET /api/v1/accounts/?filter')).length).toBeLessThanOrEqual(1);
    mswServer.events.removeAllListeners();
  });

  test('an Account column is named from the account filter’s list once that is in: no lookup of its own', { timeout: 20000 }, async () => {
    const requests = recordRequests();
    // Accounts of their own, so a lookup still in flight from an earlier test cannot be mistaken for one of this page's.
    const accounts = [
      { id: 41, name: 'Initech' },
      { id: 42, name: 'Umbrella' },
    ];
    const rows = AGENTS.map((a, index) => ({ ...a, account_id: index === 1 ? 42 : 41 }));
    const agents = sectionHandlers('agents', rows);
    // The list answers after the account filter's accounts (as it does when both leave together).
    const slowList = http.get(`${API}/api/v1/agents/`, async () => {
      await delay(200);
      return HttpResponse.json(listBody(rows, { path: `${API}/api/v1/agents/` }));
    });
    await renderPortal('/agents', { handlers: [slowList, ...agents, ...sectionHandlers('llms', LLMS), ...sectionHandlers('accounts', accounts)] });
    const table = await screen.findByRole('table', { name: 'Agents' });
    await waitFor(() => expect(columnCells(table, 'Account').map((c) => c.textContent)).toEqual(['Initech', 'Umbrella', 'Initech']));
    expect(requests.filter((r) => /accounts\/\?filter\[id\]=4[12]/.test(r))).toEqual([]);
    expect(requests).toContain('GET /api/v1/accounts/?show=100&page=1');
    mswServer.events.removeAllListeners();
  });

  test('under "All accounts" the list has an Account column naming each row’s account', { timeout: 20000 }, async () => {
    await renderPortal('/agents', { handlers: [...sectionHandlers('agents', AGENTS.map((a) => ({ ...a }))), ...sectionHandlers('llms', LLMS), ...accountHandlers()] });
    const table = await screen.findByRole('table', { name: 'Agents' });
    await waitFor(() => expect(columnCells(table, 'Account').map((c) => c.textContent)).toEqual(['Acme Support', 'Globex Sales', 'Acme Support']));
    expect(within(columnCells(table, 'Account')[1]!).getByRole('link', { name: 'Globex Sales' })).toHaveAttribute('href', '/accounts/2');
  });

  test('each row repeats its account under its name for a phone (the column scrolls away there), built at every width so a server drawing and the page adopting it agree', { timeout: 20000 }, async () => {
    await renderPortal('/agents', { handlers: [...sectionHandlers('agents', AGENTS.map((a) => ({ ...a }))), ...sectionHandlers('llms', LLMS), ...accountHandlers()] });
    const table = await screen.findByRole('table', { name: 'Agents' });
    await waitFor(() => expect(columnCells(table, 'Account').map((c) => c.textContent)).toEqual(['Acme Support', 'Globex Sales', 'Acme Support']));
    // The record's own cell (after the row's selection checkbox); resources.css shows the line below 600 px only (e2e: staffWalk, serverDrawn).
    const keyCells = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!);
    expect(keyCells.map((cell) => cell.querySelector('.row-account')?.textContent)).toEqual(['Acme Support', 'Globex Sales', 'Acme Support']);
    // The column is what assistive tech reads: the repeat is for the eye only.
    expect(keyCells.map((cell) => cell.querySelector('.row-account')?.getAttribute('aria-hidden'))).toEqual(['true', 'true', 'true']);
  });

  test('with one account chosen in the filter, the list has no Account column', { timeout: 20000 }, async () => {
    localStorage.setItem('account_id', '1');
    try {
      await renderPortal('/agents', { handlers: [...sectionHandlers('agents', AGENTS.filter((a) => a.account_id === 1).map((a) => ({ ...a }))), ...sectionHandlers('llms', LLMS), ...accountHandlers()] });
      const table = await screen.findByRole('table', { name: 'Agents' });
      await within(table).findAllByRole('link', { name: 'GPT-4o' });
      expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).not.toContain('Account');
    } finally {
      localStorage.removeItem('account_id');
    }
  });

  test('a record page shows its LLM and account as links by name; an unknown instruction reads "#5"', { timeout: 20000 }, async () => {
    await renderPortal('/agents/1', {
      handlers: [...sectionHandlers('agents', AGENTS.map((a) => ({ ...a }))), ...sectionHandlers('llms', LLMS), ...sectionHandlers('agent-instructions', []), ...accountHandlers()],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support agent' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'GPT-4o' })).toHaveAttribute('href', '/llms/1');
    expect(await screen.findByRole('link', { name: 'Acme Support' })).toHaveAttribute('href', '/accounts/1');
    await waitFor(() => expect(screen.getByText('#5')).toBeInTheDocument());
  });

  test('a renamed record shows its new name where it is linked, at once (the cache learns the saved record)', { timeout: 20000 }, async () => {
    const llms = LLMS.map((l) => ({ ...l }));
    const { portal, here } = await renderPortal('/agents/1', {
      handlers: [...sectionHandlers('agents', AGENTS.map((a) => ({ ...a }))), ...sectionHandlers('llms', llms), ...sectionHandlers('agent-instructions', []), ...accountHandlers()],
    });
    await screen.findByRole('link', { name: 'GPT-4o' });
    portal.navigation.send({ type: 'navigation.go', to: '/llms/1/edit' });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveValue('GPT-4o'));
    await user.clear(name);
    await user.type(name, 'GPT-4o (prod)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/llms/1'));
    portal.navigation.send({ type: 'navigation.go', to: '/agents/1' });
    expect(await screen.findByRole('link', { name: 'GPT-4o (prod)' })).toHaveAttribute('href', '/llms/1');
  });

  test('a forbidden lookup leaves "#id" and the page in place (no forbidden page)', { timeout: 20000 }, async () => {
    const { here } = await renderPortal('/agents/1', {
      handlers: [
        ...sectionHandlers('agents', AGENTS.map((a) => ({ ...a }))),
        http.get(`${API}/api/v1/llms/`, () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })),
        ...sectionHandlers('agent-instructions', []),
        ...accountHandlers(),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support agent' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('#1')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 100));
    expect(here()).toBe('/agents/1');
  });
});

const conversation = (uuid: string, contact: string) => ({
  id: 1, uuid, account_id: 1, channel: 'call', direction: 'inbound', status: 'completed', started_at: '2026-11-20T10:00:00Z',
  duration_seconds: 65, cost: 0.12, letter_grade: null, contact_name: contact,
});

describe('feedback and its conversation (item 3)', () => {
  test('the feedback form picks a conversation by searching the reporting list (in the form’s account); the body carries its uuid', { timeout: 20000 }, async () => {
    const posted: Array<Record<string, unknown>> = [];
    const searches: string[] = [];
    await renderPortal('/feedback/new', {
      handlers: [
        ...sectionHandlers('feedback', [], posted),
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
          const url = new URL(request.url);
          const search = url.searchParams.get('search') ?? '';
          searches.push(`${search} in account ${url.searchParams.get('account_id')}`);
          return HttpResponse.json(listBody(search === 'ada' ? [conversation('1a2b3c4d-0000-4000-8000-000000000001', 'Ada Lovelace')] : []));
        }),
      ],
    });
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Conversation' });
    // Like every picker of a new record under "All accounts": the account first.
    expect(picker).toBeDisabled();
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Belongs to account/ }), 'Acme Support');
    await user.type(screen.getByRole('textbox', { name: /^Rating/ }), '4');
    await user.type(picker, 'ada');
    const option = await screen.findByRole('option', { name: /Ada Lovelace/ });
    expect(searches).toEqual(['ada in account 1']);
    await user.click(option);
    expect(screen.getByText(/Ada Lovelace · call inbound/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create feedback' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ rating: 4, conversation_uuid: '1a2b3c4d-0000-4000-8000-000000000001', account_id: 1 });
  });

  test('feedback shows its conversation as a link named by who and when (one lookup by uuid for the page)', { timeout: 20000 }, async () => {
    const requests = recordRequests();
    const uuid = '1a2b3c4d-0000-4000-8000-000000000001';
    await renderPortal('/feedback', {
      handlers: [
        ...sectionHandlers('feedback', [
          { id: 3, account_id: 1, rating: 5, comment: 'Great', status: 'new', conversation_uuid: uuid },
          { id: 4, account_id: 1, rating: 2, comment: 'Lost', status: 'new', conversation_uuid: '1a2b3c4d-0000-4000-8000-000000000099' },
        ]),
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
          const wanted = new URL(request.url).searchParams.get('filter[uuid]')?.split(',') ?? [];
          return HttpResponse.json(listBody([conversation(uuid, 'Ada Lovelace')].filter((c) => wanted.includes(c.uuid))));
        }),
      ],
    });
    const link = await screen.findByRole('link', { name: /^Ada Lovelace · call inbound · .+ · …000000000001$/ });
    expect(link).toHaveAttribute('href', `/reporting/conversations/${uuid}`);
    // A conversation the API does not return keeps its uuid's end, still a link.
    expect(screen.getByRole('link', { name: 'Conversation …000000000099' })).toHaveAttribute('href', '/reporting/conversations/1a2b3c4d-0000-4000-8000-000000000099');
    expect(requests.filter((r) => r.startsWith('GET /api/v1/reporting/conversations'))).toEqual([
      'GET /api/v1/reporting/conversations?filter[uuid]=1a2b3c4d-0000-4000-8000-000000000001,1a2b3c4d-0000-4000-8000-000000000099&show=100&page=1',
    ]);
    mswServer.events.removeAllListeners();
  });

  test('a feedback record names its conversation the same way', { timeout: 20000 }, async () => {
    const uuid = '1a2b3c4d-0000-4000-8000-000000000001';
    await renderPortal('/feedback/3', {
      handlers: [
        ...sectionHandlers('feedback', [{ id: 3, account_id: 1, rating: 5, comment: 'Great', status: 'new', conversation_uuid: uuid }]),
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/conversations`, () => HttpResponse.json(listBody([conversation(uuid, 'Ada Lovelace')]))),
      ],
    });
    expect(await screen.findByRole('link', { name: /^Ada Lovelace · call inbound/ })).toHaveAttribute('href', `/reporting/conversations/${uuid}`);
  });
});

describe('statistics under "All accounts" (item 2)', () => {
  const row = (id: number, name: string, account: number) => ({
    id, name, account_id: account, conversations: 3, minutes: 5, cost: 1.5, grade_score: null, average_grade: null, grades: { A: 0, B: 0, C: 0, D: 0, F: 0 },
  });
  test('role statistics say whose each role is: two "Analyst" rows, two accounts', { timeout: 20000 }, async () => {
    await renderPortal('/reporting/roles', {
      handlers: [
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/roles`, () => HttpResponse.json(listBody([row(1, 'Analyst', 1), row(2, 'Analyst', 2)]))),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Role statistics' });
    await waitFor(() => expect(within(table).getByRole('link', { name: 'Globex Sales' })).toHaveAttribute('href', '/accounts/2'));
    expect(within(table).getByRole('link', { name: 'Acme Support' })).toHaveAttribute('href', '/accounts/1');
  });
});

describe('reporting filters under "All accounts" (item 2)', () => {
  test('the conversations list’s Dispositions name the account of labels that repeat', { timeout: 20000 }, async () => {
    await renderPortal('/reporting/conversations', {
      handlers: [
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/conversations`, () => HttpResponse.json(listBody([]))),
        http.get(`${API}/api/v1/reporting/global`, () =>
          HttpResponse.json({ data: { dispositions: [
            { id: 4, label: 'No answer', account_id: 1, conversations: 5 },
            { id: 9, label: 'No answer', account_id: 2, conversations: 3 },
            { id: 5, label: 'Sale', account_id: 1, conversations: 2 },
          ] } })),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Dispositions' }));
    const list = await screen.findByRole('listbox', { name: 'Dispositions' });
    await waitFor(() =>
      expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'No answer — Acme Support5 conversations',
        'No answer — Globex Sales3 conversations',
        'Sale2 conversations',
      ]));
  });
});

describe('reporting breakdown pickers under "All accounts" (item 2)', () => {
  test('the role breakdown’s Role picker says whose each "Analyst" is', { timeout: 20000 }, async () => {
    const row = (id: number, account: number) => ({ id, name: 'Analyst', account_id: account, conversations: 3, minutes: 5, cost: 1.5, grade_score: null, average_grade: null, grades: { A: 0, B: 0, C: 0, D: 0, F: 0 } });
    await renderPortal('/reporting/roles/breakdown', {
      handlers: [...accountHandlers(), http.get(`${API}/api/v1/reporting/roles`, () => HttpResponse.json(listBody([row(1, 1), row(2, 2)])))],
    });
    const picker = await screen.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a role', 'Analyst — Acme Support', 'Analyst — Globex Sales']));
  });
});

describe('conversations by disposition under "All accounts" (item 2)', () => {
  test('dispositions that share a label say whose they are', { timeout: 20000 }, async () => {
    await renderPortal('/reporting/conversations-by-disposition', {
      handlers: [
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/global`, () =>
          HttpResponse.json({ data: { dispositions: [
            { id: 4, label: 'No answer', account_id: 1, conversations: 5 },
            { id: 9, label: 'No answer', account_id: 2, conversations: 3 },
            { id: null, label: null, conversations: 1 },
          ] } })),
      ],
    });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^No answer — / }).map((a) => a.textContent)).toEqual(['No answer — Acme Support', 'No answer — Globex Sales']));
  });
});

describe('reporting overview under "All accounts" (item 2)', () => {
  test('roles that share a name say whose they are, in the roles table and the rankings', { timeout: 20000 }, async () => {
    const grades = { A: 1, B: 0, C: 0, D: 0, F: 0 };
    const role = (id: number, name: string, account: number) => ({ id, name, account_id: account, conversations: 2, minutes: 3, cost: 1, grade_score: 4, average_grade: 'A', grades, share: 0.5 });
    await renderPortal('/reporting', {
      handlers: [
        ...accountHandlers(),
        http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 4, minutes: 6, cost: 2, active: 0, grades, dispositions: [] } })),
        http.get(`${API}/api/v1/reporting/global/active`, () => HttpResponse.json({ data: { count: 0, conversations: [] } })),
        http.get(`${API}/api/v1/reporting/global/timeseries`, () => HttpResponse.json({ data: { interval: 'day', from: '2026-11-19', to: '2026-11-20', points: [] } })),
        http.get(`${API}/api/v1/reporting/global/roles/rankings`, () =>
          HttpResponse.json({ data: [
            { rank: 1, role_id: 1, name: 'Support', account_id: 1, conversations: 2, grade_score: 4, average_grade: 'A' },
            { rank: 2, role_id: 2, name: 'Support', account_id: 2, conversations: 2, grade_score: 4, average_grade: 'A' },
          ] })),
        http.get(`${API}/api/v1/reporting/global/roles`, () => HttpResponse.json({ data: [role(1, 'Support', 1), role(2, 'Support', 2)] })),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Share of conversations by role' });
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Support — Acme Support', 'Support — Globex Sales']));
    await waitFor(() => expect(screen.getAllByText(/^1\. Support — Acme Support \(A\)/).length).toBeGreaterThan(0));
  });
});
