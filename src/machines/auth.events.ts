import { z } from '../api/zod';
import { eventSchema, field, type EventSchemas } from './eventSchemas';

/** The payloads of AuthEvent, for the inspector's walk forms. */
export const authEventSchemas: EventSchemas = {
  'auth.submit': eventSchema('sign-in', 'Signs in with an email and a password, as the login form does.', {
    credentials: z.object({
      email: field(z.string().check(z.minLength(1)), 'Email', 'A demo sign-in, e.g. admin@example.com'),
      password: field(z.string().check(z.minLength(1)), 'Password', 'password for the demo sign-ins'),
      remember: z.optional(field(z.boolean(), 'Remember me')),
    }),
  }),
  'auth.sso': eventSchema('single sign-on', 'Exchanges identity-provider tokens for a portal session.', {
    idToken: field(z.string().check(z.minLength(1)), 'Identity token', 'With DEV_SSO=1 the reference API accepts dev-sso:<email>'),
    accessToken: field(z.string(), 'Access token'),
  }),
  'auth.ssoStart': eventSchema('single sign-on start', 'Leaves for the identity provider (authorization code + PKCE), as the SSO button does.'),
  'auth.ssoReturn': eventSchema('single sign-on return', 'Completes a sign-in from the URL the identity provider sent the browser back to.', {
    url: field(z.string().check(z.minLength(1)), 'Return URL', 'e.g. http://127.0.0.1:8080/login?code=…&state=…'),
  }),
  'auth.ssoEndSession': eventSchema('provider sign-out', "After an SSO sign-out: ends the session at the identity provider too."),
  'auth.twoFactor': eventSchema('second factor', "Answers Fortify's two-factor challenge with a code or a recovery code.", {
    answer: field(
      z.union([z.object({ code: z.string().check(z.minLength(1)) }), z.object({ recovery_code: z.string().check(z.minLength(1)) })]),
      'Answer (JSON)',
      '{"code": "123456"} from the authenticator (npm start prints the demo secret) or {"recovery_code": "…"}',
    ),
  }),
  'auth.cancel': eventSchema('leave the challenge', 'Gives up the pending two-factor sign-in and returns to /login.'),
  'auth.logout': eventSchema('sign-out', 'Signs out and clears the session.'),
  'auth.expired': eventSchema('session expiry', 'What a 401 or 419 does: signs out with a notice.'),
  'auth.unverified': eventSchema('unverified email', 'What a 403 "Your email address is not verified." does.'),
  'auth.retry': eventSchema('session check', 'Asks the server again for the current session.'),
  'auth.userUpdated': eventSchema('user update', 'Replaces the signed-in user (after a profile change).', {
    user: field(z.looseObject({ id: z.union([z.string(), z.number()]) }), 'User (JSON)', 'The user record as GET /api/v1/users/auth returns it'),
  }),
};
