import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { chooseAccount } from './chooseAccount';

/** The one toast region (a polite live region) that confirms writes. */
export const toastRegion = () => screen.getAllByRole('status').find((el) => el.classList.contains('toast-region'))!;

/**
 * On /dispositions/new under "All accounts": chooses the account, types a label and creates it,
 * then waits until the portal is on the new record's page (`here` from renderPortal).
 */
export async function createDisposition(user: UserEvent, here: () => string, label = 'Callback requested') {
  // The first page of the file loads the lazy chunks: slow under load.
  await screen.findByRole('combobox', { name: /^Belongs to account/ }, { timeout: 10000 });
  // Under "All accounts" a new record asks whose it is (issue 12 item 2).
  await chooseAccount(user);
  await user.type(await screen.findByRole('textbox', { name: /^Label/ }), label);
  await user.click(screen.getByRole('button', { name: 'Create disposition' }));
  await waitFor(() => expect(here()).toBe('/dispositions/100'));
}
