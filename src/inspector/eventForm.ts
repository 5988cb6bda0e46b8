import { z } from '../api/zod';
import { machineOf, type InspectedActor } from './actors';
import type { EventSchemaSource, EventSchemas } from '../machines/eventSchemas';
import { registeredEventSchemas } from './eventSchemaRegistry';
import { isSecretKey } from './redact';

/** One input of an event's walk form, read from the zod schema declared beside the machine. */
export interface FormField {
  /** Where the value goes in the payload (`credentials.email`). */
  path: string[];
  name: string;
  label: string;
  hint?: string;
  kind: 'text' | 'email' | 'password' | 'number' | 'checkbox' | 'select' | 'json';
  options?: string[];
  required: boolean;
}

export interface EventForm {
  type: string;
  title?: string;
  hint?: string;
  /** null: the machine declares no schema for this event (the form offers a JSON payload). */
  fields: FormField[] | null;
  schema?: z.ZodMiniType;
}

type Def = { type: string; innerType?: z.ZodMiniType; shape?: Record<string, z.ZodMiniType>; entries?: Record<string, string>; values?: unknown[] };
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (schema: z.ZodMiniType) => (z.globalRegistry.get(schema) ?? {}) as { title?: string; description?: string };

/** `accessToken` → "Access token". */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldsOf(schema: z.ZodMiniType, path: string[], required: boolean, out: FormField[]): void {
  let current = schema;
  let optional = !required;
  let meta = metaOf(current);
  // optional / nullable / default wrap the type that decides the input.
  for (let def = defOf(current); ['optional', 'nullable', 'default', 'prefault'].includes(def.type) && def.innerType; def = defOf(current)) {
    if (def.type !== 'nullable') optional = true;
    current = def.innerType;
    meta = { ...metaOf(current), ...meta };
  }
  const def = defOf(current);
  const key = path.at(-1) ?? '';
  if (def.type === 'object' && def.shape) {
    for (const [name, child] of Object.entries(def.shape)) fieldsOf(child, [...path, name], !optional, out);
    return;
  }
  const base = { path, name: path.join('.'), label: meta.title ?? humanize(key), required: !optional, ...(meta.description ? { hint: meta.description } : {}) };
  if (def.type === 'string') out.push({ ...base, kind: isSecretKey(key) ? 'password' : /email/i.test(key) ? 'email' : 'text' });
  else if (def.type === 'number') out.push({ ...base, kind: 'number' });
  else if (def.type === 'boolean') out.push({ ...base, kind: 'checkbox', required: false });
  else if (def.type === 'enum' && def.entries) out.push({ ...base, kind: 'select', options: Object.values(def.entries) });
  else if (def.type === 'literal') return; // fixed by the schema: nothing to ask
  else out.push({ ...base, kind: 'json' });
}

const loaded = new WeakMap<object, Promise<EventSchemas | null>>();

/** The event schemas the actor's machine declares (`schemas.events`, usually a loader), or null. */
export function loadEventSchemas(actor: InspectedActor): Promise<EventSchemas | null> {
  const machine = machineOf(actor);
  const source = (machine?.schemas as { events?: EventSchemaSource } | undefined)?.events ?? (machine && registeredEventSchemas(machine.id));
  if (!machine || !source) return Promise.resolve(null);
  const key = machine.config as object;
  let schemas = loaded.get(key);
  if (!schemas) {
    schemas = (typeof source === 'function' ? source() : Promise.resolve(source)).catch(() => null);
    loaded.set(key, schemas);
  }
  return schemas;
}

/** The form for `type`: the fields its declared schema asks for (`schemas` from loadEventSchemas). */
export function eventForm(schemas: EventSchemas | null, type: string): EventForm {
  const schema = schemas?.[type];
  if (!schema) return { type, fields: null };
  const meta = metaOf(schema);
  const fields: FormField[] = [];
  fieldsOf(schema, [], true, fields);
  return { type, schema, fields, ...(meta.title ? { title: meta.title } : {}), ...(meta.description ? { hint: meta.description } : {}) };
}

/** What `type` is called in a sentence ("sign-in"), from its schema's title; else its name. */
export async function eventTitle(actor: InspectedActor, type: string): Promise<string> {
  return eventForm(await loadEventSchemas(actor), type).title ?? type;
}

function setIn(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = value;
}

export type FormValues = Record<string, string | boolean>;

/**
 * The payload from the form's values, checked by the schema: `errors` by field name (in the
 * schema's own words, or "Required" / "Not valid JSON"), empty when it may be sent.
 */
export function buildPayload(form: EventForm, values: FormValues): { payload: Record<string, unknown>; errors: Record<string, string> } {
  const payload: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of form.fields ?? []) {
    const raw = values[f.name];
    if (f.kind === 'checkbox') {
      if (raw === true) setIn(payload, f.path, true);
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '') {
      if (f.required) errors[f.name] = 'Required';
      continue;
    }
    if (f.kind === 'number') {
      const n = Number(text);
      if (Number.isFinite(n)) setIn(payload, f.path, n);
      else errors[f.name] = 'Not a number';
    } else if (f.kind === 'json') {
      try {
        setIn(payload, f.path, JSON.parse(text));
      } catch {
        errors[f.name] = 'Not valid JSON';
      }
    } else {
      setIn(payload, f.path, text);
    }
  }
  if (form.schema && Object.keys(errors).length === 0) {
    const result = form.schema.safeParse(payload);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = issue.path.join('.');
        errors[name || '(payload)'] ??= issue.code === 'invalid_type' && issue.message.includes('undefined') ? 'Required' : issue.message;
      }
    }
  }
  return { payload, errors };
}
