import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { ApiError } from '../../api/errors';
import type { TwoFactorApi, TwoFactorSetup } from '../../api/twoFactor';
import { failureOf, type OperationFailure } from '../operation';
import { authIn } from './refs';

export const ENABLE_TWO_FACTOR_FAILED = 'Enable Two-Factor Failed';
export const CONFIRM_TWO_FACTOR_FAILED = 'Confirm Two-Factor Failed';
export const DISABLE_TWO_FACTOR_FAILED = 'Disable Two-Factor Failed';
export const RECOVERY_CODES_FAILED = 'Error Loading Recovery Codes';
export const TWO_FACTOR_ON = 'Two-factor authentication is on. Store your recovery codes somewhere safe.';
export const TWO_FACTOR_OFF = 'Two-factor authentication is off.';
export const CODES_REGENERATED = 'New recovery codes were made; the old ones no longer work.';
export const PASSWORD_CONFIRM_FAILED = 'Password Not Confirmed';
export const PASSWORD_CONFIRMED = 'Password confirmed.';

/** What waits for the password to be confirmed (Fortify's 423), done as soon as it is. */
export type PendingTwoFactorStep = 'enable' | 'confirm' | 'showCodes' | 'regenerateCodes' | 'disable';

export type TwoFactorSettingsEvent =
  | { type: 'twoFactor.enable' }
  | { type: 'twoFactor.confirm'; code: string }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.showCodes' }
  | { type: 'twoFactor.regenerateCodes' }
  | { type: 'twoFactor.disable' }
  /** Turning two-factor off asks first: these answer the question. */
  | { type: 'twoFactor.disableConfirmed' }
  | { type: 'twoFactor.keepOn' }
  /** Fortify's password.confirm: the password, or giving up the step that needed it. */
  | { type: 'twoFactor.confirmPassword'; password: string }
  | { type: 'twoFactor.cancelPassword' };

export interface TwoFactorSettingsContext {
  /** Whether the signed-in user has confirmed two-factor (read from the auth actor at the start, kept in step). */
  confirmed: boolean;
  /** QR code and secret while a set-up waits for its confirming code. */
  setup: TwoFactorSetup | null;
  /** Shown only on request (or right after confirming): they are secrets. */
  recoveryCodes: string[] | null;
  error: OperationFailure | null;
  notice: string | null;
  /** The step that answered 423 and runs again once the password is confirmed. */
  pending: PendingTwoFactorStep | null;
  /** The authenticator code being confirmed (kept so the step can run again after the password). */
  code: string;
}

/** Fortify's `password.confirm` answers 423 until the password was confirmed recently. */
function needsPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 423;
}

/** Fortify marks a confirmed second factor on the user (`two_factor_confirmed_at`). */
export function hasConfirmedTwoFactor(user: Record<string, unknown> | null): boolean {
  const confirmedAt = user?.two_factor_confirmed_at;
  return typeof confirmedAt === 'string' && confirmedAt !== '';
}

/**
 * Two-factor on /settings, as Fortify's routes do it: enable (secret + recovery codes) → scan the
 * QR code → confirm with a code → on (recovery codes shown, regenerated on request) → disable
 * (asked first). Enabled but unconfirmed counts as off at sign-in, so cancelling a set-up disables
 * it again. Any step Fortify's password.confirm refuses (423) waits for the password, then runs.
 */
export const twoFactorSettingsMachine = setup({
  types: {
    context: {} as TwoFactorSettingsContext,
    events: {} as TwoFactorSettingsEvent,
    /**
     * Which panel the card shows (`off`, `settingUp`: QR code and code, `on`) and `busy`; a
     * disable in flight keeps the panel it was started from (`settingUp` when a set-up is cancelled).
     */
    tags: {} as 'busy' | 'off' | 'settingUp' | 'on' | 'confirmingCode' | 'enabling' | 'askingToDisable' | 'passwordNeeded' | 'checkingPassword',
  },
  actors: {
    enable: fromPromise<TwoFactorSetup, void>(async () => {
      throw new Error('enable: no actor provided');
    }),
    confirm: fromPromise<void, string>(async () => {
      throw new Error('confirm: no actor provided');
    }),
    recoveryCodes: fromPromise<string[], void>(async () => {
      throw new Error('recoveryCodes: no actor provided');
    }),
    regenerateCodes: fromPromise<string[], void>(async () => {
      throw new Error('regenerateCodes: no actor provided');
    }),
    disable: fromPromise<void, void>(async () => {
      throw new Error('disable: no actor provided');
    }),
    confirmPassword: fromPromise<void, string>(async () => {
      throw new Error('confirmPassword: no actor provided');
    }),
  },
  actions: {
    /** The auth actor's user follows, so the page knows the state after a remount too. */
    markUser: enqueueActions(({ system, enqueue }, params: { confirmedAt: string | null }) => {
      enqueue.assign({ confirmed: params.confirmedAt !== null });
      const auth = authIn(system);
      const user = auth.getSnapshot().context.user;
      if (user) enqueue.sendTo(auth, { type: 'auth.userUpdated', user: { ...user, two_factor_confirmed_at: params.confirmedAt } });
    }),
  },
  guards: {
    'two-factor is confirmed': ({ context }) => context.confirmed,
    'the password must be confirmed first': ({ event }) => needsPassword((event as { error?: unknown }).error),
    'a set-up is open': ({ context }) => context.setup !== null,
    'the step waiting is': ({ context }, step: PendingTwoFactorStep) => context.pending === step,
  },
}).createMachine({
  id: 'twoFactorSettings',
  context: ({ self }) => ({
    confirmed: hasConfirmedTwoFactor(authIn(self.system).getSnapshot().context.user),
    setup: null,
    recoveryCodes: null,
    error: null,
    notice: null,
    pending: null,
    code: '',
  }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'two-factor is confirmed', target: 'on' }, { target: 'off' }] },
    off: { tags: 'off', on: { 'twoFactor.enable': 'enabling' } },
    enabling: {
      tags: ['off', 'busy', 'enabling'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'enable',
        onDone: { target: 'confirming', actions: assign({ setup: ({ event }) => event.output }) },
        onError: [
          { guard: 'the password must be confirmed first', target: 'passwordNeeded', actions: assign({ pending: 'enable' as PendingTwoFactorStep }) },
          { target: 'off', actions: assign({ error: ({ event }) => failureOf(event.error, ENABLE_TWO_FACTOR_FAILED) }) },
        ],
      },
    },
    confirming: {
      tags: 'settingUp',
      on: {
        'twoFactor.confirm': { target: 'confirmingCode', actions: assign({ code: ({ event }) => event.code }) },
        'twoFactor.cancel': 'disabling',
      },
    },
    confirmingCode: {
      tags: ['settingUp', 'busy', 'confirmingCode'],
      entry: assign({ error: null }),
      invoke: {
        src: 'confirm',
        input: ({ context }) => context.code,
        onDone: {
          target: 'loadingCodes',
          actions: [assign({ setup: null, notice: TWO_FACTOR_ON }), { type: 'markUser', params: () => ({ confirmedAt: new Date().toISOString() }) }],
        },
        onError: [
          { guard: 'the password must be confirmed first', target: 'passwordNeeded', actions: assign({ pending: 'confirm' as PendingTwoFactorStep }) },
          { target: 'confirming', actions: assign({ error: ({ event }) => failureOf(event.error, CONFIRM_TWO_FACTOR_FAILED) }) },
        ],
      },
    },
    on: {
      tags: 'on',
      on: { 'twoFactor.showCodes': 'loadingCodes', 'twoFactor.regenerateCodes': 'regeneratingCodes', 'twoFactor.disable': 'askingToDisable' },
    },
    /** Turning two-factor off weakens the account: the card asks first. */
    askingToDisable: {
      tags: ['on', 'askingToDisable'],
      entry: assign({ error: null, notice: null }),
      on: { 'twoFactor.disableConfirmed': 'disabling', 'twoFactor.keepOn': 'on' },
    },
    /**
     * Fortify's password.confirm answered 423: the card asks for the password; once the server
     * accepts it the step that was refused runs again. A backend without the guard never gets here.
     */
    passwordNeeded: {
      tags: 'passwordNeeded',
      on: {
        'twoFactor.confirmPassword': 'checkingPassword',
        'twoFactor.cancelPassword': [
          { guard: 'a set-up is open', target: 'confirming', actions: assign({ pending: null }) },
          { target: 'deciding', actions: assign({ pending: null }) },
        ],
      },
    },
    checkingPassword: {
      tags: ['passwordNeeded', 'busy', 'checkingPassword'],
      entry: assign({ error: null }),
      invoke: {
        src: 'confirmPassword',
        input: ({ event }) => (event as Extract<TwoFactorSettingsEvent, { type: 'twoFactor.confirmPassword' }>).password,
        onDone: { target: 'resuming', actions: assign({ notice: PASSWORD_CONFIRMED }) },
        onError: { target: 'passwordNeeded', actions: assign({ error: ({ event }) => failureOf(event.error, PASSWORD_CONFIRM_FAILED) }) },
      },
    },
    resuming: {
      tags: 'busy',
      always: [
        { guard: { type: 'the step waiting is', params: 'enable' }, target: 'enabling' },
        { guard: { type: 'the step waiting is', params: 'confirm' }, target: 'confirmingCode' },
        { guard: { type: 'the step waiting is', params: 'showCodes' }, target: 'loadingCodes' },
        { guard: { type: 'the step waiting is', params: 'regenerateCodes' }, target: 'regeneratingCodes' },
        { guard: { type: 'the step waiting is', params: 'disable' }, target: 'disabling' },
        { target: 'deciding' },
      ],
      exit: assign({ pending: null }),
    },
    loadingCodes: {
      tags: ['on', 'busy'],
      invoke: {
        src: 'recoveryCodes',
        onDone: { target: 'on', actions: assign({ recoveryCodes: ({ event }) => event.output }) },
        onError: [
          { guard: 'the password must be confirmed first', target: 'passwordNeeded', actions: assign({ pending: 'showCodes' as PendingTwoFactorStep }) },
          { target: 'on', actions: assign({ error: ({ event }) => failureOf(event.error, RECOVERY_CODES_FAILED) }) },
        ],
      },
    },
    regeneratingCodes: {
      tags: ['on', 'busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'regenerateCodes',
        onDone: { target: 'on', actions: assign({ recoveryCodes: ({ event }) => event.output, notice: CODES_REGENERATED }) },
        onError: [
          { guard: 'the password must be confirmed first', target: 'passwordNeeded', actions: assign({ pending: 'regenerateCodes' as PendingTwoFactorStep }) },
          { target: 'on', actions: assign({ error: ({ event }) => failureOf(event.error, RECOVERY_CODES_FAILED) }) },
        ],
      },
    },
    disabling: {
      tags: 'busy',
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'disable',
        onDone: {
          target: 'off',
          actions: [assign({ setup: null, recoveryCodes: null, notice: TWO_FACTOR_OFF }), { type: 'markUser', params: { confirmedAt: null } }],
        },
        onError: [
          { guard: 'the password must be confirmed first', target: 'passwordNeeded', actions: assign({ pending: 'disable' as PendingTwoFactorStep }) },
          { guard: 'two-factor is confirmed', target: 'on', actions: assign({ error: ({ event }) => failureOf(event.error, DISABLE_TWO_FACTOR_FAILED) }) },
          { target: 'confirming', actions: assign({ error: ({ event }) => failureOf(event.error, DISABLE_TWO_FACTOR_FAILED) }) },
        ],
      },
    },
  },
});

export function createTwoFactorSettingsFlow(api: TwoFactorApi) {
  return twoFactorSettingsMachine.provide({
    actors: {
      enable: fromPromise(async ({ signal }) => {
        await api.enable(signal);
        return api.setup(signal);
      }),
      confirm: fromPromise(({ input, signal }) => api.confirm(input, signal)),
      recoveryCodes: fromPromise(({ signal }) => api.recoveryCodes(signal)),
      regenerateCodes: fromPromise(({ signal }) => api.regenerateRecoveryCodes(signal)),
      disable: fromPromise(({ signal }) => api.disable(signal)),
      confirmPassword: fromPromise(({ input, signal }) => api.confirmPassword(input, signal)),
    },
  });
}
