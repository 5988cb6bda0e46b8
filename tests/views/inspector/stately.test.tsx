import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { InspectorPanel } from '../../../src/inspector/InspectorPanel';
import { startInspectedPortal } from './harness';

const received: InspectionEvent[] = [];
const options: Array<Record<string, unknown>> = [];
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (opts: Record<string, unknown>) => {
    options.push(opts);
    return { inspect: { next: (event: InspectionEvent) => received.push(event) }, start: () => {}, stop: () => {} };
  },
}));

beforeEach(() => {
  received.length = 0;
  options.length = 0;
});

describe('Stately inspector option', () => {
  test('connects on demand: gets the history from boot, then live events, with secrets sanitised', async () => {
    const user = userEvent.setup();
    const { portal, store, recorder } = startInspectedPortal();
    render(<InspectorPanel store={store} recorder={recorder} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Open in Stately inspector' }));
    expect(await screen.findByText(/Connected: the Stately inspector opened/)).toBeInTheDocument();
    expect(received.filter((e) => e.type === '@xstate.actor').map((e) => (e.actorRef as { systemId?: string }).systemId)).toEqual(
      expect.arrayContaining(['navigation', 'accountFilter', 'dashboard', 'auth']),
    );
    const before = received.length;
    portal.navigation.send({ type: 'navigation.located', location: '/users' });
    expect(received.length).toBeGreaterThan(before);
    const sanitizeEvent = options[0]!.sanitizeEvent as (e: unknown) => unknown;
    expect(sanitizeEvent({ type: 'auth.submit', credentials: { email: 'a@b.c', password: 'secret' } })).toEqual({ type: 'auth.submit', credentials: { email: 'a@b.c', password: '[redacted]' } });
    expect(screen.getByRole('button', { name: 'Open in Stately inspector' })).toBeDisabled();
  });
});
