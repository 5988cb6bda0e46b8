import { waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderAccount } from '../../support/renderAccount';

describe('login', () => {
  test('opens with focus in Email, so typing starts there', async () => {
    const { screen } = await renderAccount('/login');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
  });
});
