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
});
