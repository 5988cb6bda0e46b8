import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { chooseAccount } from '../../support/chooseAccount';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

describe('numeric inputs (SPEC §5): e, E, ., +, - and other non-digits are refused on keys and on paste', () => {
  test('a whole-number field keeps only digits, typed or pasted, and says why when it refuses', { timeout: 20000 }, async () => {
    const rows: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/llms/new', { handlers: crudHandlers('llms', rows) });
    const user = userEvent.setup();
    // Under "All accounts" a new record asks whose it is (issue 12 item 2).
    await chooseAccount(user);
    const maxTokens = await screen.findByRole('textbox', { name: 'Max tokens' });
    await user.type(maxTokens, '15x');
    expect(maxTokens).toHaveValue('15');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Only whole numbers (digits) can be entered here.')).toBe(true);
    await user.type(maxTokens, 'e.E+-2');
    expect(maxTokens).toHaveValue('152');

    await user.clear(maxTokens);
    await user.paste('2e3');
    expect(maxTokens).toHaveValue('');
    await user.paste('2.75');
    expect(maxTokens).toHaveValue('');
    await user.paste('-4');
    expect(maxTokens).toHaveValue('');
    await user.paste('1,024');
    expect(maxTokens).toHaveValue('1024');

    const temperature = screen.getByRole('textbox', { name: 'Temperature' });
    await user.type(temperature, '0e.7');
    expect(temperature).toHaveValue('0.7');
    await user.type(temperature, '.');
    expect(temperature).toHaveValue('0.7');
    await user.clear(temperature);
    await user.paste('1e0');
    expect(temperature).toHaveValue('');
    await user.paste('0.25');
    expect(temperature).toHaveValue('0.25');

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Typed numbers');
    const provider = screen.getByRole('combobox', { name: 'Provider' });
    await user.selectOptions(provider, within(provider).getAllByRole('option')[1]!);
    await user.type(screen.getByRole('textbox', { name: /^Model/ }), 'm');
    await user.click(screen.getByRole('button', { name: 'Create LLM' }));
    await waitFor(() => expect(here()).toBe('/llms/100'));
    expect(rows[0]).toMatchObject({ max_tokens: 1024, temperature: 0.25 });
  });
});
