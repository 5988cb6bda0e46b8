import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { TwoFactorApi, TwoFactorSetup } from '../../api/twoFactor';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from '../operation';
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

/**
 * The card's calls (THE operation family), Fortify's routes: enable (then read the set-up),
 * confirm, recovery codes, new codes, disable, and password.confirm. Each kind's summary is the
 * card's SPEC §8 text for it.
 */
function twoFactorOperations(api: TwoFactorApi) {
  return defineOperations(
    {
      enable: {
        summary: ENABLE_TWO_FACTOR_FAILED,
        call: async (_: void, signal: AbortSignal): Promise<TwoFactorSetup> => {
          await api.enable(signal);
          return api.setup(signal);
        },
      },
      confirm: { summary: CONFIRM_TWO_FACTOR_FAILED, call: (code: string, signal: AbortSignal) => api.confirm(code, signal) },
      recoveryCodes: { summary: RECOVERY_CODES_FAILED, call: (_: void, signal: AbortSignal) => api.recoveryCodes(signal) },
      regenerateCodes: { summary: RECOVERY_CODES_FAILED, call: (_: void, signal: AbortSignal) => api.regenerateRecoveryCodes(signal) },
      disable: { summary: DISABLE_TWO_FACTOR_FAILED, call: (_: void, signal: AbortSignal) => api.disable(signal) },
      confirmPassword: { summary: PASSWORD_CONFIRM_FAILED, call: (password: string, signal: AbortSignal) => api.confirmPassword(password, signal) },
    },
    (kind) => `flow:twoFactorSettings:${kind}`,
  );
}
type TwoFactorOperations = ReturnType<typeof twoFactorOperations> extends OperationFamily<infer S> ? S : never;

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
function needsPassword(error: OperationFailure): boolean {
  return error.status === 423;
}

/** Fortify marks a confirmed second factor on the user (`two_factor_confirmed_at`). */
export function hasConfirmedTwoFactor(user: Record<string, unknown> | null): boolean {
  const confirmedAt = user?.two_factor_confirmed_at;
  return typeof confirmedAt === 'string' && confirmedAt !== '';
}

/** A step's failure: the password first (423, the step waits), else SPEC §8's error where the step was started. */
function stepFailed(step: PendingTwoFactorStep, otherwise: string) {
  return [
    { guard: 'the password must be confirmed first' as const, target: 'passwordNeeded', actions: { type: 'waitForPassword' as const, params: step } },
    { target: otherwise, actions: 'keepError' as const },
  ];
}

/**
 * Two-factor on /settings, as Fortify's routes do it: enable (secret + recovery codes) → scan the
 * QR code → confirm with a code → on (recovery codes shown, regenerated on request) → disable
 * (asked first). Enabled but unconfirmed counts as off at sign-in, so cancelling a set-up disables
 * it again. Any step Fortify's password.confirm refuses (423) waits for the password, then runs.
 * Each call is THE operation (one child per kind, started by its state's entry); this machine
 * keeps only those rules.
 */
export function createTwoFactorSettingsFlow(api: TwoFactorApi) {
  const operations = twoFactorOperations(api);
  return setup({
    types: {
      context: {} as TwoFactorSettingsContext,
      events: {} as TwoFactorSettingsEvent | ReportOf<TwoFactorOperations>,
      /**
       * Which panel the card shows (`off`, `settingUp`: QR code and code, `on`) and `busy`; a
       * disable in flight keeps the panel it was started from (`settingUp` when a set-up is cancelled).
       */
      tags: {} as 'busy' | 'off' | 'settingUp' | 'on' | 'confirmingCode' | 'enabling' | 'askingToDisable' | 'passwordNeeded' | 'checkingPassword',
    },
    actors: operations.actors,
    actions: {
      enable: sendTo('enable', operations.start('enable', undefined)),
      confirm: sendTo('confirm', ({ context }) => operations.start('confirm', context.code)),
      loadCodes: sendTo('recoveryCodes', operations.start('recoveryCodes', undefined)),
      regenerateCodes: sendTo('regenerateCodes', operations.start('regenerateCodes', undefined)),
      disable: sendTo('disable', operations.start('disable', undefined)),
      /** The step that answered 423 runs again once the password is confirmed. */
      waitForPassword: assign((_, step: PendingTwoFactorStep) => ({ pending: step })),
      keepError: assign({ error: ({ event }) => (event.type === 'operation.report.failed' ? event.error : null) }),
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
      'the password must be confirmed first': ({ event }) => event.type === 'operation.report.failed' && needsPassword(event.error),
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
    // The children first: each busy state's entry starts one of them.
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'deciding',
    states: {
      deciding: { always: [{ guard: 'two-factor is confirmed', target: 'on' }, { target: 'off' }] },
      off: { tags: 'off', on: { 'twoFactor.enable': 'enabling' } },
      enabling: {
        tags: ['off', 'busy', 'enabling'],
        entry: [assign({ error: null, notice: null }), 'enable'],
        on: {
          'operation.report.succeeded': { target: 'confirming', actions: assign({ setup: ({ event }) => (event.kind === 'enable' ? event.output : null) }) },
          'operation.report.failed': stepFailed('enable', 'off'),
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
        entry: [assign({ error: null }), 'confirm'],
        on: {
          'operation.report.succeeded': {
            target: 'loadingCodes',
            actions: [assign({ setup: null, notice: TWO_FACTOR_ON }), { type: 'markUser', params: () => ({ confirmedAt: new Date().toISOString() }) }],
          },
          'operation.report.failed': stepFailed('confirm', 'confirming'),
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
          'twoFactor.confirmPassword': { target: 'checkingPassword', actions: sendTo('confirmPassword', ({ event }) => operations.start('confirmPassword', event.password)) },
          'twoFactor.cancelPassword': [
            { guard: 'a set-up is open', target: 'confirming', actions: assign({ pending: null }) },
            { target: 'deciding', actions: assign({ pending: null }) },
          ],
        },
      },
      checkingPassword: {
        tags: ['passwordNeeded', 'busy', 'checkingPassword'],
        entry: assign({ error: null }),
        on: {
          'operation.report.succeeded': { target: 'resuming', actions: assign({ notice: PASSWORD_CONFIRMED }) },
          'operation.report.failed': { target: 'passwordNeeded', actions: 'keepError' },
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
        entry: 'loadCodes',
        on: {
          'operation.report.succeeded': { target: 'on', actions: assign({ recoveryCodes: ({ event, context }) => (event.kind === 'recoveryCodes' ? event.output : context.recoveryCodes) }) },
          'operation.report.failed': stepFailed('showCodes', 'on'),
        },
      },
      regeneratingCodes: {
        tags: ['on', 'busy'],
        entry: [assign({ error: null, notice: null }), 'regenerateCodes'],
        on: {
          'operation.report.succeeded': {
            target: 'on',
            actions: assign({ recoveryCodes: ({ event, context }) => (event.kind === 'regenerateCodes' ? event.output : context.recoveryCodes), notice: CODES_REGENERATED }),
          },
          'operation.report.failed': stepFailed('regenerateCodes', 'on'),
        },
      },
      disabling: {
        tags: 'busy',
        entry: [assign({ error: null, notice: null }), 'disable'],
        on: {
          'operation.report.succeeded': {
            target: 'off',
            actions: [assign({ setup: null, recoveryCodes: null, notice: TWO_FACTOR_OFF }), { type: 'markUser', params: { confirmedAt: null } }],
          },
          'operation.report.failed': [
            // A confirmed factor stays on; a set-up being cancelled stays open.
            { guard: 'the password must be confirmed first', target: 'passwordNeeded', actions: { type: 'waitForPassword', params: 'disable' } },
            { guard: 'two-factor is confirmed', target: 'on', actions: 'keepError' },
            { target: 'confirming', actions: 'keepError' },
          ],
        },
      },
    },
  });
}

export type TwoFactorSettingsMachine = ReturnType<typeof createTwoFactorSettingsFlow>;
