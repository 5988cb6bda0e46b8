import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { MultiSelectChips, type MultiSelectOption } from '../../../src/views/reporting/filters/MultiSelectChips';

const OPTIONS: MultiSelectOption[] = [
  { value: '3', label: 'Appointment booked', detail: 'Acme Support' },
  { value: '9', label: 'Appointment booked', detail: 'Globex Sales' },
  { value: '4', label: 'Billing question resolved', detail: 'Acme Support' },
  { value: '5', label: 'Transferred to agent', detail: 'Acme Support' },
];

function Harness({ initial = [] as string[] }) {
  const [values, setValues] = useState(initial);
  return (
    <>
      <MultiSelectChips label="Dispositions" options={OPTIONS} selected={values} onChange={setValues} />
      <output aria-label="Chosen values">{values.join(',')}</output>
    </>
  );
}

describe('searchable multi-select with chips', () => {
  test('typing narrows the options; repeated labels are told apart; Enter and click choose; chips show them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Dispositions' });
    await user.type(box, 'appoint');
    const list = screen.getByRole('listbox', { name: 'Dispositions' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Appointment bookedAcme Support', 'Appointment bookedGlobex Sales']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Chosen values')).toHaveTextContent(/^9$/);
    expect(within(list).getByRole('option', { name: /Globex Sales/ })).toHaveAttribute('aria-selected', 'true');
    await user.clear(box);
    await user.type(box, 'acme');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Billing/ }));
    expect(screen.getByLabelText('Chosen values')).toHaveTextContent('9,4');
    const chips = screen.getByRole('list', { name: 'Chosen dispositions' });
    expect(within(chips).getAllByRole('listitem').map((c) => c.firstChild?.textContent)).toEqual(['Appointment booked (Globex Sales)', 'Billing question resolved (Acme Support)']);
    expect(box).toHaveFocus();
  });

  test('chips are removed by their button or Backspace; Escape closes the list; no match says so', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['3', '5']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Transferred to agent (Acme Support)' }));
    expect(screen.getByLabelText('Chosen values')).toHaveTextContent(/^3$/);
    const box = screen.getByRole('combobox', { name: 'Dispositions' });
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Backspace}');
    expect(screen.getByLabelText('Chosen values')).toHaveTextContent(/^$/);
    await user.type(box, 'zzz');
    expect(screen.getByText('No dispositions match “zzz”.')).toBeInTheDocument();
  });
});
