import { z } from 'zod';
import { requiredString } from './validation';

/**
 * Field schemas shared by the resource configurations. Forms send '' for a cleared optional
 * field: every optional field reads '' as null, so clearing a field in the portal clears it here.
 */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Numbers from HTML forms may arrive as strings ("3"). */
const numericString = (value: unknown) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value);

export { requiredString };

export function optionalText(max = 255) {
  return z.preprocess(blankToNull, z.string().trim().max(max).nullable()).optional();
}

/** A foreign key: a positive integer, or null for "none". */
export const optionalId = z.preprocess((v) => numericString(blankToNull(v)), z.number().int().positive().nullable()).optional();

export function integer(min: number, max: number) {
  return z.preprocess(numericString, z.number().int().min(min).max(max));
}

export function decimal(min: number, max: number) {
  return z.preprocess(numericString, z.number().min(min).max(max));
}

/** Digits only ('+1 (415) 555-0100' → '14155550100'), 7 to 15 of them (E.164's limit). */
export const phoneNumber = z
  .preprocess((v) => (typeof v === 'string' ? v.replace(/[\s().+-]/g, '') : v), z.preprocess(blankToNull, z.string().regex(/^\d{7,15}$/).nullable()))
  .optional();

export const optionalEmail = z.preprocess(blankToNull, z.string().trim().max(255).pipe(z.email()).nullable()).optional();

export const optionalUrl = z.preprocess(blankToNull, z.string().trim().max(2048).pipe(z.url({ protocol: /^https?$/ })).nullable()).optional();

/**
 * Laravel's `nullable` for a field whose column has a default: null (what
 * `ConvertEmptyStringsToNull` makes of '') reads as "not given", so a backend-neutral client may
 * send null for any optional field.
 */
export function nullAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null ? undefined : value), schema.optional());
}

/** A JSON object column (config, parameters). */
export const jsonObject = z.record(z.string(), z.unknown());

/** An ISO 8601 date-time (offset optional), stored normalised to UTC (`2026-11-20T12:00:00.000Z`). */
export const optionalDateTime = z
  .preprocess(blankToNull, z.iso.datetime({ offset: true, local: true }).nullable())
  .transform((s) => (s === null || s === undefined ? s : new Date(s).toISOString()))
  .optional();

/**
 * A required choice: missing or blank → "The kind field is required.", anything else outside
 * the list → "The selected kind is invalid." (zod alone reports both as the latter).
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return requiredString().pipe(z.enum(values));
}
