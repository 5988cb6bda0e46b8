import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { backTarget, navigationMachine } from '../../src/machines/navigation';
import { entryPointOf, flowOf } from '../../src/sections';

describe('navigation history per flow (SPEC §2)', () => {
  function start() {
    const actor = createActor(navigationMachine, { input: { location: '/' } }).start();
    const went: string[] = [];
    actor.on('navigate', (e) => {
      went.push(e.to);
      actor.send({ type: 'navigation.located', location: e.to });
    });
    const visit = (location: string) => actor.send({ type: 'navigation.located', location });
    return { actor, went, visit };
  }

  test('back returns to the previous route of the same flow, not of another flow', () => {
    const { actor, went, visit } = start();
    visit('/bots?page=2');
    visit('/bots/7');
    visit('/users');
    visit('/bots/7/edit');
    actor.send({ type: 'navigation.back' });
    expect(went).toEqual(['/bots/7']);
    actor.send({ type: 'navigation.back' });
    expect(went).toEqual(['/bots/7', '/bots?page=2']);
  });

  test('with no history, back goes to the flow’s entry point, then to /dashboard', () => {
    const { actor, went, visit } = start();
    visit('/bots/7');
    actor.send({ type: 'navigation.back' });
    expect(went).toEqual(['/bots']);
    actor.send({ type: 'navigation.back' });
    expect(went).toEqual(['/bots', '/dashboard']);
  });

  test('a flow without a section falls back to /dashboard', () => {
    expect(backTarget({}, '/error/404')).toBe('/dashboard');
    expect(flowOf('/agent-instructions/3/edit/tools')).toBe('agent-instructions');
    expect(flowOf('/')).toBe('dashboard');
    expect(entryPointOf('workflows')).toBe('/workflows');
  });

  test('with no history, back goes to the given fallback (the list as it was left)', () => {
    const { actor, went, visit } = start();
    visit('/bots/7');
    actor.send({ type: 'navigation.back', fallback: '/bots?page=3' });
    expect(went).toEqual(['/bots?page=3']);
  });

  test('returning to a route of the flow returns along the path: back from a saved record skips its edit page', () => {
    const { actor, went, visit } = start();
    visit('/bots?page=2');
    visit('/bots/7');
    visit('/bots/7/edit');
    visit('/bots/7');
    actor.send({ type: 'navigation.back' });
    expect(went).toEqual(['/bots?page=2']);
  });
});

describe('unsaved changes: moves wait for an answer', () => {
  function guarded() {
    const actor = createActor(navigationMachine, { input: { location: '/bots/7/edit' } }).start();
    const went: Array<{ to: string; traverse?: string }> = [];
    actor.on('navigate', (e) => went.push({ to: e.to, ...(e.traverse ? { traverse: e.traverse } : {}) }));
    actor.send({ type: 'navigation.located', location: '/bots/7' });
    actor.send({ type: 'navigation.located', location: '/bots/7/edit' });
    actor.send({ type: 'navigation.guard', active: true });
    return { actor, went };
  }

  test('a link, Back and the browser’s Back are held in `asking`; stay drops them, leave carries them out', () => {
    const { actor, went } = guarded();
    actor.send({ type: 'navigation.go', to: '/users' });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'navigation.go', to: '/roles' });
    actor.send({ type: 'navigation.stay' });
    expect(actor.getSnapshot().value).toBe('guarded');
    expect(went).toEqual([]);

    actor.send({ type: 'navigation.back' });
    actor.send({ type: 'navigation.leave' });
    expect(went).toEqual([{ to: '/bots/7' }]);
    expect(actor.getSnapshot().value).toBe('free');
  });

  test('after a held browser Back, leaving steps back in the browser’s history', () => {
    const { actor, went } = guarded();
    actor.send({ type: 'navigation.popped', to: '/bots/7' });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'navigation.leave' });
    expect(went).toEqual([{ to: '/bots/7', traverse: 'back' }]);
  });

  test('a replacing move (a redirect, a saved form) is never held; a page that goes away releases a held move', () => {
    const { actor, went } = guarded();
    actor.send({ type: 'navigation.go', to: '/bots/7', replace: true });
    expect(went).toEqual([{ to: '/bots/7' }]);
    actor.send({ type: 'navigation.go', to: '/users' });
    actor.send({ type: 'navigation.guard', active: false });
    expect(went).toEqual([{ to: '/bots/7' }, { to: '/users' }]);
    expect(actor.getSnapshot().value).toBe('free');
  });
});
