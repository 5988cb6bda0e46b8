import type { ResourceRecord } from '../../api/resources';
import { z } from '../../api/zod';
import type { Field, SectionConfig } from './sectionConfig';

/** What a form holds: text for inputs (numbers and JSON as typed), booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;
export type FormErrors = Record<string, string>;

function toText(field: Field, value: unknown): string | boolean {
  if (field.type === 'checkbox') return value === true;
  if (value === null || value === undefined) return '';
  if (field.type === 'json') return typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);
  if (field.type === 'criteria' && Array.isArray(value)) {
    return value.map((c: { label?: unknown; weight?: unknown }) => (c.weight === undefined || c.weight === null ? String(c.label) : `${String(c.label)}, ${String(c.weight)}`)).join('\n');
  }
  if (field.type === 'steps' && Array.isArray(value)) return value.map((s: { name?: unknown }) => String(s.name ?? '')).join('\n');
  return String(value);
}

export function initialValues(config: SectionConfig, record: ResourceRecord | null, mode: 'new' | 'edit'): FormValues {
  const values: FormValues = {};
  for (const field of editableFields(config, mode)) values[field.name] = toText(field, record?.[field.name]);
  return values;
}

export function editableFields(config: SectionConfig, mode: 'new' | 'edit'): Field[] {
  return config.fields.filter((f) => !f.readOnly && (mode === 'new' || !f.createOnly));
}

const jsonObject = z.pipe(
  z.string(),
  z.transform((text, ctx) => {
    if (!text.trim()) return null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* reported below */
    }
    ctx.issues.push({ code: 'custom', message: 'Enter a JSON object, e.g. {"key": "value"}.', input: text });
    return z.NEVER;
  }),
);

/** The zod schema of one field: the form is checked with it before anything is sent. */
function fieldSchema(field: Field): z.ZodMiniType {
  const requiredText = z.string().check(z.trim(), z.minLength(1, `The ${field.label.toLowerCase()} field is required.`));
  const optionalText = z.string();
  switch (field.type) {
    case 'checkbox':
      return z.boolean();
    case 'email':
      return field.required ? z.string().check(z.trim(), z.email('Enter a valid email address.')) : z.union([z.literal(''), z.email('Enter a valid email address.')]);
    case 'url':
      return field.required ? z.url('Enter a valid URL.') : z.union([z.literal(''), z.url('Enter a valid URL.')]);
    case 'number': {
      let number = z.number('Enter a number.');
      if (field.min !== undefined) number = number.check(z.minimum(field.min, `Enter at least ${field.min}.`));
      if (field.max !== undefined) number = number.check(z.maximum(field.max, `Enter at most ${field.max}.`));
      const parsed = z.pipe(z.string(), z.transform((text) => (text.trim() === '' ? undefined : Number(text))));
      return z.pipe(parsed, field.required ? number : z.optional(number));
    }
    case 'json':
      return jsonObject;
    case 'password':
      return field.required ? z.string().check(z.minLength(8, 'The password must be at least 8 characters.')) : optionalText;
    default:
      return field.required ? requiredText : optionalText;
  }
}

/** Form text → API body, or the first message per field when something is wrong. */
export function validateForm(config: SectionConfig, values: FormValues, mode: 'new' | 'edit'): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const body: Record<string, unknown> = {};
  for (const field of editableFields(config, mode)) {
    const raw = values[field.name] ?? (field.type === 'checkbox' ? false : '');
    const result = fieldSchema(field).safeParse(raw);
    if (!result.success) {
      errors[field.name] = result.error.issues[0]?.message ?? 'This value is not valid.';
      continue;
    }
    const value = toBody(field, result.data);
    // An empty optional field: left out of a new record (the API's default applies), cleared (null) on edit.
    if (value === EMPTY) {
      if (mode === 'edit') body[field.name] = null;
      continue;
    }
    body[field.name] = value;
  }
  Object.assign(errors, config.refine?.(body, mode) ?? {});
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

const EMPTY = Symbol('empty optional field');

function toBody(field: Field, value: unknown): unknown {
  if (field.type !== 'checkbox' && field.type !== 'criteria' && field.type !== 'steps' && !field.required && (value === '' || value === null || value === undefined)) return EMPTY;
  if (field.type === 'select' && field.choicesFrom) return /^\d+$/.test(String(value)) ? Number(value) : value;
  if (field.type === 'criteria') {
    return String(value)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [label = '', weight] = line.split(',').map((part) => part.trim());
        return weight && !Number.isNaN(Number(weight)) ? { label, weight: Number(weight) } : { label, weight: 1 };
      });
  }
  if (field.type === 'steps') {
    return String(value)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((name) => ({ name, action_id: null }));
  }
  return value;
}
