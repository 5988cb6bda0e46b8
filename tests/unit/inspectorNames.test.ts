import { describe, expect, test } from 'vitest';
import { plainEventName } from '../../src/inspector/plainNames';

describe('the inspector log in plain words', () => {
  test('invoked calls read as "actor: what → succeeded/failed"; delays and lifecycle in words; domain events keep their names', () => {
    expect(plainEventName('xstate.done.actor.0.auth.signingIn', 'auth')).toBe('auth: signing in → succeeded');
    expect(plainEventName('xstate.error.actor.0.auth.fetchingPermissions', 'auth')).toBe('auth: fetching permissions → failed');
    expect(plainEventName('xstate.done.actor.socket', 'chat')).toBe('chat: socket → succeeded');
    expect(plainEventName('xstate.after.5000.chat.error', 'chat')).toBe('chat: after 5000 ms in error');
    expect(plainEventName('xstate.after.retryDelay.chat.error', 'chat')).toBe('chat: after retry delay in error');
    expect(plainEventName('xstate.init', 'dashboard')).toBe('dashboard: started');
    expect(plainEventName('auth.submit', 'auth')).toBe('auth.submit');
  });
});
