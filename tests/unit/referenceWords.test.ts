import { describe, expect, test } from 'vitest';
import { choicesNamingAccounts } from '../../src/views/resources/accountLabels';
import { plainReferenceMessage, withPlainReferenceErrors } from '../../src/views/resources/referenceErrors';

const names: Record<string, string> = { '1': 'Acme Support', '2': 'Globex Sales' };
const title = (r: { id: string; name?: unknown }) => String(r.name);

describe('"Name — Account" where names repeat', () => {
  test('only repeated names (any case) say their account; global records say so; an unknown account reads by id', () => {
    const choices = choicesNamingAccounts(
      [
        { id: '1', name: 'GPT-4o', account_id: 1 },
        { id: '7', name: 'gpt-4o', account_id: '2' },
        { id: '8', name: 'GPT-4o', account_id: null },
        { id: '9', name: 'GPT-4o', account_id: 5 },
        { id: '2', name: 'Claude', account_id: 1 },
      ],
      title,
      (id) => names[id] ?? null,
    );
    expect(choices).toEqual([
      { value: '1', label: 'GPT-4o — Acme Support' },
      { value: '7', label: 'gpt-4o — Globex Sales' },
      { value: '8', label: 'GPT-4o — all accounts' },
      { value: '9', label: 'GPT-4o — account #5' },
      { value: '2', label: 'Claude' },
    ]);
  });
});

describe('foreign-reference errors in plain words', () => {
  test('Laravel’s "selected … is invalid" about a reference names the field and the reason', () => {
    expect(plainReferenceMessage('The selected llm id is invalid.', 'LLM')).toBe('Choose another LLM: the one selected belongs to another account or no longer exists.');
    expect(plainReferenceMessage('The selected roles.1 is invalid.', 'role')).toBe('Choose another role: the one selected belongs to another account or no longer exists.');
    expect(plainReferenceMessage('The name has already been taken.', 'LLM')).toBe('The name has already been taken.');
  });

  test('only reference fields are reworded; the detail is rebuilt from the field messages', () => {
    const failure = {
      summary: 'New Record Failed',
      detail: 'The selected llm id is invalid.\nThe selected status is invalid.',
      status: 422,
      fieldErrors: { llm_id: ['The selected llm id is invalid.'], status: ['The selected status is invalid.'] },
    };
    const plain = withPlainReferenceErrors(failure, (key) => (key === 'llm_id' ? 'LLM' : null))!;
    expect(plain.fieldErrors).toEqual({
      llm_id: ['Choose another LLM: the one selected belongs to another account or no longer exists.'],
      status: ['The selected status is invalid.'],
    });
    expect(plain.detail).toBe('Choose another LLM: the one selected belongs to another account or no longer exists.\nThe selected status is invalid.');
    expect(withPlainReferenceErrors(null, () => 'LLM')).toBeNull();
  });
});
