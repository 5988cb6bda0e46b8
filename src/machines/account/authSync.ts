import { fromCallback } from 'xstate';
import type { AuthSnapshot } from '../auth';
import { authIn } from './refs';

export type AuthOutcome = 'signedIn' | 'signedOut' | 'unverified';
export type AuthSyncEvent = { type: 'authSync.settled'; outcome: AuthOutcome };

/**
 * Makes the auth actor look at the server again after the email was verified, and reports where
 * it ends (the system's auth actor, by systemId). `auth.retry` is only understood while auth is `unverified`; if auth is still restoring
 * (the link was opened in a new tab) it waits for that to end first, so the retry is never lost.
 */
export const syncAuth = fromCallback<AuthSyncEvent>(({ system, sendBack }) => {
  const auth = authIn(system);
  let retried = false;
  let settled = false;
  const settle = (outcome: AuthOutcome) => {
    if (settled) return;
    settled = true;
    sendBack({ type: 'authSync.settled', outcome });
  };
  const check = (snapshot: AuthSnapshot) => {
    if (snapshot.hasTag('signedIn')) settle('signedIn');
    else if (snapshot.hasTag('signedOut')) settle('signedOut');
    else if (snapshot.hasTag('unverified')) {
      if (retried) settle('unverified');
      else {
        retried = true;
        auth.send({ type: 'auth.retry' });
      }
    }
  };
  const subscription = auth.subscribe(check);
  check(auth.getSnapshot());
  return () => subscription.unsubscribe();
});
