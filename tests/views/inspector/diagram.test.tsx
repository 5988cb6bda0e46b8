import { render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { chartOf } from '../../../src/inspector/chart';
import { Diagram, fitZoom, LEGIBLE_ZOOM } from '../../../src/inspector/Diagram';
import { authMachine } from '../../../src/machines/auth';
import { operationMachine } from '../../../src/machines/operation';
import { signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { authSettled, credentials, renderPanel, startInspectedPortal } from './harness';

const stateNamed = (name: string | RegExp) => screen.getByRole('img', { name });

describe('statechart diagram', () => {
  test('is read from the machine definition: every state and every targeted transition', () => {
    const chart = chartOf(authMachine);
    const paths = [...chart.states.keys()].sort();
    expect(paths).toEqual(
      [
        '', 'completingSso', 'endingProviderSession', 'exchangingToken', 'fetchingPermissions', 'fetchingUser', 'redirectingToProvider',
        'restoring', 'signedIn', 'signedOut', 'signingIn', 'signingOut', 'twoFactorChallenge', 'unverified', 'verifyingTwoFactor',
      ].sort(),
    );
    expect(chart.edges).toContainEqual({ from: 'signedOut', to: 'signingIn', label: 'auth.submit' });
    expect(chart.edges).toContainEqual({ from: 'signedIn', to: 'signingOut', label: 'auth.logout' });
    // Two transitions between the same states share one edge, labelled with both.
    expect(chart.edges).toContainEqual({ from: 'restoring', to: 'signedOut', label: 'error [there is simply no session] / error / always [the browser says guest]' });
    expect(chart.edges).toContainEqual({ from: 'restoring', to: 'signedIn', label: 'done' });
    // No two states overlap inside the same parent.
    for (const state of chart.states.values()) {
      for (const [i, a] of state.children.entries()) {
        for (const b of state.children.slice(i + 1)) {
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          expect(apart, `${a.path} overlaps ${b.path}`).toBe(true);
        }
      }
    }
  });

  test('marks the active states (aria-current and the name) for a given value', () => {
    render(<Diagram machine={operationMachine} value="loading" label="Statechart of dashboard" />);
    const svg = screen.getByRole('group', { name: 'Statechart of dashboard' });
    expect(within(svg).getByRole('img', { name: 'loading (active)' })).toHaveAttribute('aria-current', 'true');
    expect(within(svg).getByRole('img', { name: 'idle (initial)' })).not.toHaveAttribute('aria-current');
    expect(within(svg).getAllByRole('img', { name: /\(active\)/ }).map((node) => node.getAttribute('aria-label'))).toEqual(['operation (active)', 'loading (active)']);
  });

  test('in the panel, the highlighted state follows the live actor', async () => {
    mswServer.use(...signInHandlers());
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    expect(stateNamed('signedOut (active)')).toHaveAttribute('aria-current', 'true');
    expect(stateNamed('signedIn')).not.toHaveAttribute('aria-current');
    act(() => portal.auth.send({ type: 'auth.submit', credentials }));
    await act(() => authSettled(portal));
    await waitFor(() => expect(stateNamed('signedIn (active)')).toHaveAttribute('aria-current', 'true'));
    expect(stateNamed('signedOut')).not.toHaveAttribute('aria-current');
  });

  test('Full window shows the chart over the page; Escape returns to the panel and leaves the inspector open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    mswServer.use(...signInHandlers());
    const { store } = startInspectedPortal();
    renderPanel(store, onClose);
    const full = screen.getByRole('button', { name: 'Full window' });
    expect(full).toHaveAttribute('aria-pressed', 'false');
    await user.click(full);
    expect(full).toHaveAttribute('aria-pressed', 'true');
    expect(full).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(full).toHaveAttribute('aria-pressed', 'false');
    expect(onClose).not.toHaveBeenCalled();
    // Out of full window, Escape closes the inspector as before.
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('Fit shows the whole chart when its text stays readable (11 px), else keeps the smallest readable zoom and says it cannot', () => {
    expect(fitZoom({ width: 400, height: 300 }, 500, 440)).toEqual({ k: 1, legible: true });
    expect(fitZoom({ width: 520, height: 300 }, 500, 440)).toEqual({ k: 500 / 520, legible: true });
    expect(fitZoom({ width: 3044, height: 808 }, 533, 440)).toEqual({ k: LEGIBLE_ZOOM, legible: false });
    expect(LEGIBLE_ZOOM * 12).toBeCloseTo(11);
  });
});
