import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { createActor, waitFor as waitForActor } from 'xstate';
import { createRegisterMachine } from '../../../src/machines/account/register';
import { REDACTED } from '../../../src/inspector/redact';
import { replayWalk } from '../../../src/inspector/replay';
import { walkFromLog, type Walk } from '../../../src/inspector/walk';
import { signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { authSettled, credentials, renderPanel, startInspectedPortal } from './harness';

/** A tester's session: sign in, go to /users, sign out; the walk saved from its log. */
async function recordWalk(): Promise<Walk> {
  const { portal, store } = startInspectedPortal();
  portal.auth.send({ type: 'auth.submit', credentials });
  await authSettled(portal);
  portal.navigation.send({ type: 'navigation.go', to: '/users' });
  portal.auth.send({ type: 'auth.logout' });
  await waitForActor(portal.auth, (s) => s.matches('signedOut'));
  await Promise.resolve();
  return walkFromLog(store.log);
}

const walkFile = (walk: Walk) => new File([JSON.stringify(walk)], 'walk.json', { type: 'application/json' });

describe('saving and replaying a walk', () => {
  test('the saved walk holds the outside events, their settled states, and no password', async () => {
    mswServer.use(...signInHandlers());
    const walk = await recordWalk();
    expect(walk.steps).toEqual([
      { target: 'auth', event: { type: 'auth.submit', credentials: { email: 'admin@example.com', password: REDACTED } }, expected: 'signedIn' },
      { target: 'navigation', event: { type: 'navigation.go', to: '/users' }, expected: 'free' },
      { target: 'auth', event: { type: 'auth.logout' }, expected: 'signedOut' },
    ]);
    expect(JSON.stringify(walk)).not.toContain('"password":"password"');
  });

  test('a walk replayed on a fresh portal passes, with the redacted password typed in', async () => {
    const user = userEvent.setup();
    mswServer.use(...signInHandlers());
    const walk = await recordWalk();
    const fresh = startInspectedPortal();
    renderPanel(fresh.store);
    await user.upload(screen.getByLabelText('Walk file'), walkFile(walk));
    expect(await screen.findByText('3 steps for auth, navigation.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Step 1 (auth.submit): value for redacted credentials.password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Replay walk' }));
    await waitFor(() => expect(screen.getByText('Walk replayed: all 3 steps reached their recorded states.')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const states = within(screen.getByRole('table')).getAllByRole('row').filter((row) => row.children[2]?.textContent === 'auth').map((row) => row.children[4]?.textContent);
    expect(states).toEqual(expect.arrayContaining(['signingIn', 'signedIn', 'signingOut', 'signedOut']));
    // XState's own events read as plain words: the sign-in call's result, not xstate.done.actor.0.auth.signingIn.
    expect(within(screen.getByRole('table')).getAllByText('auth: signing in → succeeded').length).toBeGreaterThan(0);
    expect(screen.getByRole('table')).not.toHaveTextContent('xstate.done.actor');
  }, 15_000); // a whole sign-in through the panel: slow on a loaded machine

  test('replay stops at the first step whose resulting state differs, with a clear message', async () => {
    const user = userEvent.setup();
    mswServer.use(...signInHandlers());
    const walk = await recordWalk();
    const altered: Walk = { ...walk, steps: walk.steps.map((step, i) => (i === 2 ? { ...step, expected: 'signedIn' } : step)) };
    const fresh = startInspectedPortal();
    renderPanel(fresh.store);
    await user.upload(screen.getByLabelText('Walk file'), walkFile(altered));
    await user.type(await screen.findByLabelText('Step 1 (auth.submit): value for redacted credentials.password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Replay walk' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Stopped at step 3 (sign-out: auth.logout to auth): expected auth in signedIn (a signed-in user), got signedOut.');
  });

  test('a step whose redacted value is not given is skipped, with a note', async () => {
    const user = userEvent.setup();
    mswServer.use(...signInHandlers());
    const walk = await recordWalk();
    const fresh = startInspectedPortal();
    renderPanel(fresh.store);
    await user.upload(screen.getByLabelText('Walk file'), walkFile({ ...walk, steps: walk.steps.slice(0, 1) }));
    await user.click(await screen.findByRole('button', { name: 'Replay walk' }));
    const notes = await screen.findByRole('list', { name: 'Replay notes' });
    expect(notes).toHaveTextContent('Step 1 (auth.submit to auth) skipped: credentials.password was redacted and no value was given.');
    expect(fresh.portal.auth.getSnapshot().value).toBe('signedOut');
  });

  test('a skipped sign-in stops the replay with the reason, instead of failing a later step', async () => {
    const user = userEvent.setup();
    mswServer.use(...signInHandlers());
    const walk = await recordWalk();
    const fresh = startInspectedPortal();
    renderPanel(fresh.store);
    await user.upload(screen.getByLabelText('Walk file'), walkFile(walk));
    await user.click(await screen.findByRole('button', { name: 'Replay walk' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Stopped at step 1: sign-in was skipped: the steps after it need a signed-in user. Give the redacted credentials.password to replay it.');
    expect(fresh.portal.navigation.getSnapshot().context.location).toBe('/login');
  });

  test('a file that is not a walk is refused', async () => {
    const user = userEvent.setup();
    const { store } = startInspectedPortal();
    renderPanel(store);
    await user.upload(screen.getByLabelText('Walk file'), new File(['{"steps": 1}'], 'x.json', { type: 'application/json' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a walk saved by the machine inspector.');
    expect(screen.queryByRole('button', { name: 'Replay walk' })).not.toBeInTheDocument();
  });

  test('a step waits (bounded) for its actor; when the actor never starts, the stop names the step, the actor and where the portal is', async () => {
    const { store } = startInspectedPortal();
    const walk: Walk = {
      format: 'agent-portal-walk',
      version: 1,
      steps: [
        { target: 'root', event: { type: 'root.spawn', systemId: 'auth', create: '[function]' }, expected: {} },
        { target: 'resource:bots', event: { type: 'resource.browse', query: { page: 1 } }, expected: { list: 'loading' } },
      ],
    };
    const started = Date.now();
    const result = await replayWalk(walk, { resolveActor: (id) => store.actorBySystemId(id), timeoutMs: 400, quietMs: 50 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(result).toMatchObject({ ok: false, step: 2, message: 'Stopped at step 2 (resource.browse to resource:bots): resource:bots did not start within 0.4 s (the portal is at /login); the page that starts it is not open.' });
  });

  test('a step whose call runs in an operation child (THE operation family) waits for its report, not only for the parent to look idle', async () => {
    // The flow sits in `submitting` with no invoke of its own while its `submit` child calls the API.
    const refused = Object.assign(new Error('refused'), { status: 500 });
    const slowRefusal = () => new Promise<void>((_, reject) => setTimeout(() => reject(refused), 400));
    const flow = createActor(createRegisterMachine(slowRefusal), { input: {} }).start();
    const walk: Walk = {
      format: 'agent-portal-walk',
      version: 1,
      steps: [{ target: 'flow:register', event: { type: 'register.submit', registration: { name: 'Ann', email: 'ann@example.com', password: 'x', password_confirmation: 'x' } }, expected: 'editing' }],
    };
    const result = await replayWalk(walk, { resolveActor: (id) => (id === 'flow:register' ? flow : undefined), timeoutMs: 3000, quietMs: 50 });
    expect(result).toMatchObject({ ok: true, steps: 1 });
    expect(flow.getSnapshot().context.error).not.toBeNull();
    flow.stop();
  });

  test('a spawn step (its logic cannot be saved) waits for the page to spawn the actor instead of sending it', async () => {
    const { store } = startInspectedPortal();
    const walk: Walk = { format: 'agent-portal-walk', version: 1, steps: [{ target: 'root', event: { type: 'root.spawn', systemId: 'flow:register', create: '[function]', scope: 'page' }, expected: {} }] };
    const result = await replayWalk(walk, { resolveActor: (id) => store.actorBySystemId(id), timeoutMs: 300, quietMs: 50 });
    expect(result).toMatchObject({ ok: false, step: 1, message: 'Stopped at step 1 (flow:register starts): flow:register did not start within 0.3 s (the portal is at /login); the page that starts it is not open.' });
  });
});
