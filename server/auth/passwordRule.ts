import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Laravel's `Password::defaults()` spirit: at least 8 characters and not a well-known password. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;
export const COMMON_PASSWORD = 'The password is too common; choose a less predictable one.';

// Shipped beside this file; read once per process.
const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

/** THE schema for a new password (registration, reset, change, an administrator's create/edit). Sign-in does not use it. */
export const newPasswordField = () =>
  z
    .string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .refine((password) => !isCommonPassword(password), { message: COMMON_PASSWORD });
