import { humanize } from './eventForm';

/** `signingIn` → "signing in"; a dotted state path keeps its last part (`online.connecting` → "connecting"). */
export function stateWords(path: string): string {
  return humanize(path.split('.').at(-1) ?? path).toLowerCase();
}

/**
 * An event as a tester reads it in the log. XState's own events get plain words: an invoked
 * call's result `xstate.done.actor.0.auth.signingIn` reads "auth: signing in → succeeded", a
 * delay "after 5000 ms in error"; the portal's own events (`auth.submit`) keep their names.
 */
export function plainEventName(type: string, target: string): string {
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (invoked) {
    // Unnamed invokes are `<index>.<machine id>.<state path>`: the state says what was running.
    const id = invoked[2]!;
    const generated = /^\d+\.[^.]+\.(.+)$/.exec(id);
    const what = generated ? stateWords(generated[1]!) : humanize(id).toLowerCase();
    return `${target}: ${what} → ${invoked[1] === 'done' ? 'succeeded' : 'failed'}`;
  }
  const after = /^xstate\.after\.([^.]+)\.(.+)$/.exec(type);
  if (after) {
    const delay = /^\d+$/.test(after[1]!) ? `${after[1]} ms` : humanize(after[1]!).toLowerCase();
    return `${target}: after ${delay} in ${stateWords(after[2]!)}`;
  }
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(type);
  if (stateDone) return `${target}: ${stateWords(stateDone[1]!)} finished`;
  if (type === 'xstate.init') return `${target}: started`;
  if (type === 'xstate.stop') return `${target}: stopped`;
  return type;
}
