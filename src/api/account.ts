import { parsePayload, readRecord } from './envelope';
import type { Http } from './http';
import { userSchema, type User } from './schemas/user';
import { z } from './zod';

/** The settings payload the reference API defines (SPEC: "payloads not shown"). */
export const accountSettingsSchema = z.object({
  theme_color: z.nullable(z.string()),
  timezone: z.string(),
  notifications: z.object({ product_updates: z.boolean(), weekly_summary: z.boolean() }),
  // Issue 30 (docs/user-settings.md). Absent from a backend without them; an unknown theme reads as
  // the system's, and saved views are read by their own tolerant schema (api/savedViews.ts).
  appearance: z.optional(z.catch(z.enum(['system', 'light', 'dark']), 'system')),
  list_views: z.optional(z.unknown()),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export interface Registration {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  /** Where the mailed verification link continues to. */
  redirect?: string;
}

/** SPEC §5: a reset submits email, password, password_confirmation and token. */
export interface PasswordReset {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
}

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export interface EmailChange {
  email: string;
  password: string;
}

export interface ProfileInformation {
  name: string;
  email: string;
  /** Required by the API when the email changes (whoever holds the address gets reset links). */
  current_password?: string;
}

const messageSchema = z.looseObject({ message: z.optional(z.string()) });

/**
 * The status text of a Fortify answer. Stock Fortify answers some calls (PUT /user/password) with
 * an empty body: that is a success with no message, not a malformed payload.
 */
function messageOf(payload: unknown): string {
  if (payload === undefined || payload === null || payload === '') return '';
  return parsePayload(messageSchema, payload).message ?? '';
}

/** The path of the verification route every mailed link points at. */
const VERIFY_PATH = /^\/api\/v1\/email\/verify\/\d+\/[0-9a-f]+\?[^#]*$/;

/**
 * The verification URL from a mailed link, reduced to a path on the API, or null. Only the
 * verification route is followed: the page must not be turned into a way to make signed-in
 * requests to arbitrary URLs (our client sends tokens with every call).
 */
export function verificationPathFrom(raw: string | null | undefined, allowedOrigins: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://portal.invalid');
  } catch {
    return null;
  }
  const relative = raw.startsWith('/') && !raw.startsWith('//');
  if (!relative && !allowedOrigins.includes(url.origin)) return null;
  const path = url.pathname + url.search;
  return VERIFY_PATH.test(path) ? path : null;
}

/** Account calls of SPEC §7 (registration, reset, verification, settings). */
export function createAccountApi(http: Http) {
  /** Guests have no XSRF cookie yet; Sanctum's handshake sets it before the first write. */
  const csrf = (signal?: AbortSignal) => http.root.get('/sanctum/csrf-cookie', { signal });

  return {
    async register(input: Registration, signal?: AbortSignal): Promise<void> {
      await csrf(signal);
      await http.root.post('/register', input, { signal });
    },
    /** Resolves with the server's status text (neutral: the same for unknown addresses). */
    async forgotPassword(input: { email: string }, signal?: AbortSignal): Promise<string> {
      await csrf(signal);
      return messageOf((await http.root.post('/forgot-password', input, { signal })).data);
    },
    async resetPassword(input: PasswordReset, signal?: AbortSignal): Promise<string> {
      await csrf(signal);
      return messageOf((await http.root.post('/reset-password', input, { signal })).data);
    },
    /** Fortify's resend for the signed-in, unverified user; `redirect` rides along in the mailed link. */
    async sendVerificationNotification(input: { redirect?: string }, signal?: AbortSignal): Promise<string> {
      return messageOf((await http.root.post('/email/verification-notification', input, { signal })).data);
    },
    /** Resend by address (works signed out, e.g. from the expired-link page). */
    async resendVerification(input: { email: string; redirect?: string }, signal?: AbortSignal): Promise<string> {
      await csrf(signal);
      return messageOf((await http.api.post('/v1/email/resend', input, { signal })).data);
    },
    /** SPEC §7 "GET on the verification url". */
    async followVerificationUrl(path: string, signal?: AbortSignal): Promise<string> {
      // An expired link answers 403 'Invalid/Expired url provided.': the flow shows its own page for it.
      return messageOf((await http.root.get(path, { signal, handlesForbidden: true })).data);
    },
    async fetchSettings(signal?: AbortSignal): Promise<AccountSettings> {
      return readRecord(accountSettingsSchema, (await http.api.get('/v1/user/settings', { signal })).data);
    },
    async saveSettings(input: Partial<AccountSettings>, signal?: AbortSignal): Promise<AccountSettings> {
      return readRecord(accountSettingsSchema, (await http.api.post('/v1/user/settings', input, { signal })).data);
    },
    async changeEmail(input: EmailChange, signal?: AbortSignal): Promise<User> {
      return readRecord(userSchema, (await http.api.post('/v1/user/change-email', input, { signal })).data);
    },
    /** `/api/v1/user/change-password`. */
    async changePassword(input: PasswordChange, signal?: AbortSignal): Promise<string> {
      return messageOf((await http.api.post('/v1/user/change-password', input, { signal })).data);
    },
    /** Fortify's `PUT /user/password`. */
    async updatePassword(input: PasswordChange, signal?: AbortSignal): Promise<string> {
      return messageOf((await http.root.put('/user/password', input, { signal })).data);
    },
    async updateProfile(input: ProfileInformation, signal?: AbortSignal): Promise<User> {
      return readRecord(userSchema, (await http.root.put('/user/profile-information', input, { signal })).data);
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
