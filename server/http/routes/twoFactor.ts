import { Router, type Request, type Response } from 'express';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../auth/authenticate';
import { requirePasswordConfirmed } from '../../auth/passwordConfirmation';
import { AttemptThrottle, tooManyAttempts } from '../../auth/loginThrottle';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  totpFor,
  twoFactorState,
  useRecoveryCode,
  verifyTotp,
} from '../../auth/twoFactor';
import { deleteChallenge, findChallenge } from '../../auth/twoFactorChallenges';
import { clearCookieOptions, COOKIE, readCookie } from '../cookies';
import { fieldError, notFound } from '../errors';
import { booleanish, validateBody } from '../validation';
import { revokeOtherSessions, thisSignIn } from './accountShared';
import { openBrowserSession } from './session';

/** Fortify's own texts (FailedTwoFactorLoginResponse, ConfirmTwoFactorAuthentication). */
export const INVALID_CODE = 'The provided two factor authentication code was invalid.';
export const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';
const NOT_ENABLED = 'Two factor authentication has not been enabled.';

// Fortify validates both as `nullable|string`; the bound keeps a hostile body cheap.
const optionalCode = z.string().max(100).nullish();
const challengeSchema = z.object({ code: optionalCode, recovery_code: optionalCode });
const confirmSchema = z.object({ code: optionalCode });
const enableSchema = z.object({ force: booleanish.optional() });

/** Fortify answers its JSON writes with an empty JSON string body (`new JsonResponse('', 200)`). */
function emptyOk(res: Response): void {
  res.status(200).json('');
}

/** Fortify's failure for a challenge: 422 on `recovery_code` when one was sent, else on `code`. */
function failedChallenge(usedRecoveryCode: boolean) {
  return usedRecoveryCode ? fieldError('recovery_code', INVALID_RECOVERY_CODE) : fieldError('code', INVALID_CODE);
}

/**
 * Fortify's two-factor routes at the host root: the sign-in challenge, and the signed-in user's
 * enable / confirm / QR code / secret / recovery codes / disable, each behind `password.confirm`
 * (423 until POST /user/confirm-password, Fortify's `confirmPassword` option).
 */
export function twoFactorRoutes(ctx: AppContext): Router {
  const router = Router();
  // Fortify's `two-factor` limiter: 5 attempts a minute per pending sign-in.
  const throttle = new AttemptThrottle(5, 60_000);

  router.post('/two-factor-challenge', (req: Request, res: Response) => {
    const input = validateBody(req, challengeSchema);
    const usedRecoveryCode = Boolean(input.recovery_code);
    const cookie = readCookie(req, COOKIE.twoFactorChallenge);
    const challenge = findChallenge(ctx.db, cookie);
    if (!cookie || !challenge) throw failedChallenge(usedRecoveryCode);

    const key = `challenge:${challenge.userId}`;
    const wait = throttle.retryAfterSeconds(key, undefined);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw tooManyAttempts(wait);
    }
    const passed = usedRecoveryCode
      ? useRecoveryCode(ctx.db, challenge.userId, input.recovery_code ?? '')
      : verifyTotp(ctx.db, challenge.userId, (input.code ?? '').trim());
    if (!passed) {
      throttle.hit(key, undefined);
      throw failedChallenge(usedRecoveryCode);
    }
    throttle.clear(key, undefined);
    deleteChallenge(ctx.db, cookie);
    res.clearCookie(COOKIE.twoFactorChallenge, clearCookieOptions(req, true));
    openBrowserSession(ctx, req, res, challenge);
    res.status(204).end();
  });

  router.post('/user/two-factor-authentication', requireAuth, requirePasswordConfirmed, (req, res) => {
    const { force } = validateBody(req, enableSchema);
    enableTwoFactor(ctx.db, currentUser(req).id, { force: force ?? false });
    emptyOk(res);
  });

  router.delete('/user/two-factor-authentication', requireAuth, requirePasswordConfirmed, (req, res) => {
    const userId = currentUser(req).id;
    disableTwoFactor(ctx.db, userId);
    // Turning a factor off or on changes what signing in takes: every other session and token goes.
    revokeOtherSessions(ctx, userId, thisSignIn(req));
    emptyOk(res);
  });

  router.post('/user/confirmed-two-factor-authentication', requireAuth, requirePasswordConfirmed, (req, res) => {
    const { code } = validateBody(req, confirmSchema);
    const userId = currentUser(req).id;
    const state = twoFactorState(ctx.db, userId);
    if (!state?.secret || !code || !verifyTotp(ctx.db, userId, code.trim())) throw fieldError('code', INVALID_CODE);
    confirmTwoFactor(ctx.db, userId);
    revokeOtherSessions(ctx, userId, thisSignIn(req));
    emptyOk(res);
  });

  router.get('/user/two-factor-qr-code', requireAuth, requirePasswordConfirmed, async (req, res) => {
    const state = twoFactorState(ctx.db, currentUser(req).id);
    if (!state?.secret) {
      res.json([]);
      return;
    }
    const url = totpFor(state.secret, state.email).toString();
    const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    res.json({ svg, url });
  });

  router.get('/user/two-factor-secret-key', requireAuth, requirePasswordConfirmed, (req, res) => {
    const state = twoFactorState(ctx.db, currentUser(req).id);
    if (!state?.secret) throw notFound(NOT_ENABLED);
    res.json({ secretKey: state.secret });
  });

  router.get('/user/two-factor-recovery-codes', requireAuth, requirePasswordConfirmed, (req, res) => {
    const state = twoFactorState(ctx.db, currentUser(req).id);
    res.json(state?.secret ? state.recoveryCodes : []);
  });

  router.post('/user/two-factor-recovery-codes', requireAuth, requirePasswordConfirmed, (req, res) => {
    const userId = currentUser(req).id;
    if (!twoFactorState(ctx.db, userId)?.secret) throw notFound(NOT_ENABLED);
    regenerateRecoveryCodes(ctx.db, userId);
    emptyOk(res);
  });

  return router;
}
