import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { mswServer } from '../../support/setupMsw';
import { accountHandlers, LLMS, sectionHandlers } from './accountRefs.fixtures';

const optionNames = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('account-aware data entry (item 2)', () => {
  test('under "All accounts" a new agent asks for its account; the LLM picker waits for it, then offers that account’s LLMs and the global ones', { timeout: 20000 }, async () => {
    const posted: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/agents/new', { handlers: [...sectionHandlers('agents', [], posted), ...sectionHandlers('llms', LLMS), ...sectionHandlers('agent-instructions', []), ...accountHandlers()] });
    const user = userEvent.setup();
    const account = await screen.findByRole('combobox', { name: /^Belongs to account/ });
    expect(account).toBeRequired();
    expect(account).toHaveValue('');
    const llm = screen.getByRole('combobox', { name: 'LLM' });
    expect(llm).toBeDisabled();
    expect(llm).toHaveAccessibleDescription('Choose the account first.');

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night shift');
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    expect(account).toHaveAccessibleDescription('Choose the account this record belongs to.');
    expect(account).toHaveFocus();
    expect(posted).toHaveLength(0);

    await user.selectOptions(account, 'Globex Sales');
    await waitFor(() => expect(optionNames(llm)).toEqual(['None', 'GPT-4o', 'Shared Llama']));
    expect(llm).toBeEnabled();
    await user.selectOptions(llm, 'GPT-4o');
    expect(llm).toHaveValue('7');
    // Another account: its own LLMs, and the choice made for the previous one is dropped.
    await user.selectOptions(account, 'Acme Support');
    await waitFor(() => expect(optionNames(llm)).toEqual(['None', 'GPT-4o', 'Claude', 'Shared Llama']));
    expect(llm).toHaveValue('');
    await user.selectOptions(llm, 'Claude');
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ name: 'Night shift', llm_id: 2, account_id: 1 });
    await waitFor(() => expect(here()).toBe('/agents/101'));
  });

  test('with an account chosen in the filter, the form’s Account starts there', { timeout: 20000 }, async () => {
    localStorage.setItem('account_id', '2');
    try {
      await renderPortal('/agents/new', { handlers: [...sectionHandlers('agents', []), ...sectionHandlers('llms', LLMS), ...sectionHandlers('agent-instructions', []), ...accountHandlers()] });
      const account = await screen.findByRole('combobox', { name: /^Belongs to account/ });
      expect(account).toHaveValue('2');
      await waitFor(() => expect((account as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Globex Sales'));
      await waitFor(() => expect(optionNames(screen.getByRole('combobox', { name: 'LLM' }))).toEqual(['None', 'GPT-4o', 'Shared Llama']));
    } finally {
      localStorage.removeItem('account_id');
    }
  });

  test('editing a record offers only its own account’s LLMs', { timeout: 20000 }, async () => {
    await renderPortal('/agents/2/edit', {
      handlers: [...sectionHandlers('agents', [{ id: 2, account_id: 2, name: 'Sales agent', llm_id: 7 }]), ...sectionHandlers('llms', LLMS), ...sectionHandlers('agent-instructions', []), ...accountHandlers()],
    });
    const llm = await screen.findByRole('combobox', { name: 'LLM' });
    await waitFor(() => expect(optionNames(llm)).toEqual(['None', 'GPT-4o', 'Shared Llama']));
    expect(llm).toHaveValue('7');
    expect(screen.queryByRole('combobox', { name: /^Belongs to account/ })).toBeNull();
  });

  test('a filter over another section under "All accounts" names the account of names that repeat', { timeout: 20000 }, async () => {
    await renderPortal('/agents', { handlers: [...sectionHandlers('agents', []), ...sectionHandlers('llms', LLMS), ...accountHandlers()] });
    const filter = await screen.findByRole('combobox', { name: 'LLM' });
    await waitFor(() => expect(optionNames(filter)).toEqual(['All', 'GPT-4o — Acme Support', 'Claude', 'GPT-4o — Globex Sales', 'Shared Llama']));
  });

  test('"The selected llm id is invalid." reads as plain words next to the LLM', { timeout: 20000 }, async () => {
    await renderPortal('/agents/new', {
      handlers: [
        http.post(`${API}/api/v1/agents/`, () => HttpResponse.json({ message: 'The selected llm id is invalid.', errors: { llm_id: ['The selected llm id is invalid.'] } }, { status: 422 })),
        ...sectionHandlers('llms', LLMS),
        ...sectionHandlers('agent-instructions', []),
        ...accountHandlers(),
      ],
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Belongs to account/ }), 'Acme Support');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night shift');
    const llm = screen.getByRole('combobox', { name: 'LLM' });
    await waitFor(() => expect(optionNames(llm)).toContain('Claude'));
    await user.selectOptions(llm, 'Claude');
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    const plain = 'Choose another LLM: the one selected belongs to another account or no longer exists.';
    await waitFor(() => expect(llm).toHaveAccessibleDescription(plain));
    expect(screen.getByRole('alert')).toHaveTextContent(plain);
    expect(screen.queryByText('The selected llm id is invalid.')).toBeNull();
  });

  test('a user’s role picker offers only roles of the user’s account and global ones; "roles.1 is invalid" reads as plain words', { timeout: 20000 }, async () => {
    await renderPortal('/users/5', {
      handlers: [
        ...sectionHandlers('users', [{ id: 5, account_id: 2, name: 'Gina Globex', email: 'gina@example.com' }]),
        http.get(`${API}/api/v1/users/5/roles`, () => HttpResponse.json({ data: [] })),
        http.get(`${API}/api/v1/user/roles`, () =>
          HttpResponse.json({ data: [
            { id: 1, account_id: 1, name: 'Analyst' },
            { id: 2, account_id: 2, name: 'Analyst' },
            { id: 3, account_id: null, name: 'Auditor' },
          ] })),
        http.patch(`${API}/api/v1/users/5/roles`, () => HttpResponse.json({ message: 'The selected roles.0 is invalid.', errors: { 'roles.0': ['The selected roles.0 is invalid.'] } }, { status: 422 })),
        ...accountHandlers(),
      ],
    });
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Available roles' });
    await waitFor(() => expect(optionNames(picker)).toEqual(['Choose…', 'Analyst', 'Auditor']));
    expect(within(picker).getByRole('option', { name: 'Analyst' })).toHaveValue('2');
    await user.selectOptions(picker, 'Analyst');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Choose another role: the one selected belongs to another account or no longer exists.')).toBeInTheDocument();
    mswServer.events.removeAllListeners();
  });
});
