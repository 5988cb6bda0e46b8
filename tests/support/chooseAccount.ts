import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Under "All accounts" a new record's form asks whose it is (issue 12 item 2): choose one. */
export async function chooseAccount(user: UserEvent, name = 'Acme Support'): Promise<void> {
  await user.selectOptions(await screen.findByRole('combobox', { name: /^Belongs to account/ }), name);
}
