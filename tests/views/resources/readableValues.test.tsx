import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

describe('readable values', () => {
  test('model names keep their capitals in headings and buttons ("New LLM", not "New llm")', async () => {
    await renderPortal('/llms/new', { handlers: crudHandlers('llms', []) });
    expect(await screen.findByRole('heading', { level: 1, name: 'New LLM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create LLM' })).toBeInTheDocument();
  });

  test('the users list reads Verified as Yes or No, with the time on hover and focus', async () => {
    await renderPortal('/users', {
      handlers: crudHandlers('users', [
        { id: 1, name: 'Ada Verified', email: 'ada@example.com', email_verified_at: '2024-05-01T10:00:00Z', updated_at: '2024-05-01T10:00:00Z' },
        { id: 2, name: 'Bob Pending', email: 'bob@example.com', email_verified_at: null, updated_at: '2024-05-01T10:00:00Z' },
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    const column = within(table).getAllByRole('columnheader').findIndex((th) => th.textContent?.startsWith('Verified'));
    const cells = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[column]!);
    // The time of a Yes sits in its tooltip, not in the cell's reading.
    expect(cells.map((cell) => (cell.querySelector('time') ?? cell).textContent)).toEqual(['Yes', 'No']);
    expect(within(cells[0]!).getByText('Yes')).toHaveAccessibleDescription(/^Since /);
  });
});

describe('enum values read as labels', () => {
  test('lists and record pages show "Azure OpenAI" and "SMS", not azure-openai and sms', { timeout: 15000 }, async () => {
    await renderPortal('/llms', { handlers: crudHandlers('llms', [{ id: 1, name: 'Prod', provider: 'azure-openai', model: 'gpt-4o', temperature: 0.2 }]) });
    const table = await screen.findByRole('table', { name: 'LLMs' });
    expect(within(table).getByText('Azure OpenAI')).toBeInTheDocument();
    expect(within(table).queryByText('azure-openai')).toBeNull();
  });

  test('a record page shows the label of its kind', async () => {
    await renderPortal('/actions/3', { handlers: crudHandlers('actions', [{ id: 3, name: 'Text the caller', kind: 'sms', config: {}, description: null }]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Text the caller' })).toBeInTheDocument();
    expect(screen.getByText('SMS')).toBeInTheDocument();
    expect(screen.queryByText('sms')).toBeNull();
  });
});
