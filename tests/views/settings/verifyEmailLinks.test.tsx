import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { adminUser, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { accountsHandler } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

async function signedInAs(user: Record<string, unknown>, path: string) {
  mswServer.use(accountsHandler, ...signInHandlers({ user: { data: user } }));
  const mounted = mountPortal(path, { returning: true });
  await waitForActor(mounted.portal.auth, (s) => s.hasTag('signedIn'), { timeout: 5000 });
  return mounted;
}

describe('/users/verify-email is reached from the UI (issue 26 item 4)', () => {
  test('an unverified address: the user menu and Settings lead to Verify email', async () => {
    const { here } = await signedInAs({ ...adminUser, email_verified_at: null }, '/settings');
    const card = await screen.findByRole('region', { name: 'Change email' }, { timeout: 10000 });
    expect(within(card).getByRole('link', { name: 'Verify email' })).toHaveAttribute('href', '/users/verify-email');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Ada Admin/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Verify email' }));
    await waitFor(() => expect(here()).toBe('/users/verify-email'));
    expect(await screen.findByText('admin@example.com: not verified yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });

  test.each([
    ['a verified address', { ...adminUser, email_verified_at: '2026-01-01T00:00:00Z' }],
    ['a backend that does not send the field', adminUser],
  ])('%s gets neither', async (_case, signedIn) => {
    await signedInAs(signedIn, '/settings');
    const card = await screen.findByRole('region', { name: 'Change email' }, { timeout: 10000 });
    expect(within(card).queryByRole('link', { name: 'Verify email' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Ada Admin/ }));
    expect(screen.queryByRole('menuitem', { name: 'Verify email' })).toBeNull();
  });
});
