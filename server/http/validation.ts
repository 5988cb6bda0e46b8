import type { Request } from 'express';
import { z } from 'zod';
import { ValidationError } from './errors';

type Issue = z.core.$ZodIssue;

/** Laravel's attribute text: `device_name` → "device name". */
function attribute(path: PropertyKey[]): string {
  return path.length === 0 ? 'input' : path.map(String).join('.').replace(/_/g, ' ');
}

/** Laravel's own wording for one zod issue, so the portal shows the texts a Laravel API gives. */
export function laravelMessage(issue: Issue, input: unknown): string {
  const a = attribute(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined || input === null) return `The ${a} field is required.`;
      const expected: Record<string, string> = {
        string: 'must be a string', number: 'must be a number', int: 'must be an integer',
        boolean: 'must be true or false', array: 'must be an array', object: 'must be an object',
        date: 'must be a valid date',
      };
      return `The ${a} field ${expected[issue.expected] ?? 'is invalid'}.`;
    }
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') return n === '1' ? `The ${a} field is required.` : `The ${a} field must be at least ${n} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return n === '1' ? `The ${a} field is required.` : `The ${a} field must have at least ${n} items.`;
      return issue.inclusive === false ? `The ${a} field must be greater than ${n}.` : `The ${a} field must be at least ${n}.`;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return `The ${a} field must not be greater than ${n} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `The ${a} field must not have more than ${n} items.`;
      return issue.inclusive === false ? `The ${a} field must be less than ${n}.` : `The ${a} field must not be greater than ${n}.`;
    }
    case 'invalid_format': {
      const formats: Record<string, string> = {
        email: 'must be a valid email address', url: 'must be a valid URL', uuid: 'must be a valid UUID',
        datetime: 'must be a valid date', date: 'must be a valid date',
      };
      const text = formats[issue.format];
      return text ? `The ${a} field ${text}.` : `The ${a} field format is invalid.`;
    }
    case 'invalid_value':
    case 'invalid_union':
      return `The selected ${a} is invalid.`;
    case 'custom':
      // Schema authors write custom refinements' messages in Laravel style themselves.
      return issue.message;
    default:
      return `The ${a} field is invalid.`;
  }
}

/** Walks `path` into the raw input, to tell a missing field from a wrong one. */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Parses `input` with `schema` or throws a 422 ValidationError whose `errors` map each dotted
 * field path to its messages and whose `message` is the first message (what the portal shows
 * when it shows one line).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length === 0 ? 'input' : issue.path.map(String).join('.');
    (errors[key] ??= []).push(laravelMessage(issue, valueAt(input, issue.path)));
  }
  throw new ValidationError(errors);
}

/** Validates the request body (an absent body counts as `{}`, so every field reports "required"). */
export function validateBody<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return validate(schema, req.body ?? {});
}

/** Laravel's `boolean` rule: true/false, 1/0 and their string forms (HTML forms send "on"). */
const TRUTHY = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const FALSY = new Set<unknown>([false, 0, '0', 'false', 'off', 'no']);
export const booleanish = z.preprocess(
  (value) => (TRUTHY.has(value) ? true : FALSY.has(value) ? false : value),
  z.boolean(),
);

/** A required, trimmed string of at most `max` characters ("The x field is required." when blank). */
export function requiredString(max = 255) {
  return z.string().trim().min(1).max(max);
}
