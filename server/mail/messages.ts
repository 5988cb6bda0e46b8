import type { AppContext } from '../context';
import { mailerFor } from './mailer';
import {
  appSecret,
  portalOrigin,
  resetPageLink,
  RESET_TOKEN_MINUTES,
  signedVerificationPath,
  VERIFICATION_LINK_MINUTES,
  verificationPageLink,
} from './links';

function noOrigin(kind: string): void {
  console.error(`[mail] ${kind} not sent: set PORTAL_URL so mailed links point at the portal.`);
}

/** Fortify's VerifyEmail notification: a signed link valid for 60 minutes. */
export function sendVerificationMail(ctx: AppContext, user: { id: number; email: string }, redirect: string | null = null): void {
  const origin = portalOrigin(ctx);
  if (!origin) return noOrigin('Verification mail');
  const expiresAt = new Date(Date.now() + VERIFICATION_LINK_MINUTES * 60_000);
  const link = verificationPageLink(origin, signedVerificationPath(appSecret(ctx.db), user, expiresAt), redirect);
  mailerFor(ctx).send({
    to: user.email,
    subject: 'Verify Email Address',
    text: [
      'Please click the link below to verify your email address.',
      '',
      link,
      '',
      `This link expires in ${VERIFICATION_LINK_MINUTES} minutes. If you did not create an account, no further action is required.`,
    ].join('\n'),
    links: [link],
  });
}

/** Fortify's ResetPassword notification. */
export function sendResetMail(ctx: AppContext, email: string, token: string): void {
  const origin = portalOrigin(ctx);
  if (!origin) return noOrigin('Password reset mail');
  const link = resetPageLink(origin, token, email);
  mailerFor(ctx).send({
    to: email,
    subject: 'Reset Password Notification',
    text: [
      'You are receiving this email because we received a password reset request for your account.',
      '',
      link,
      '',
      `This password reset link will expire in ${RESET_TOKEN_MINUTES} minutes. If you did not request a password reset, no further action is required.`,
    ].join('\n'),
    links: [link],
  });
}
