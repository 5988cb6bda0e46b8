import { z } from './zod';

/**
 * The tolerant reader (DESIGN §4, docs/contract-tolerance.md). What SPEC defines (ids, envelopes,
 * permissions, chat events, error bodies) is parsed strictly. A field SPEC leaves "not shown" is
 * wrapped in `tolerant(...)`: when it still fails to parse, that field alone degrades (kept as raw
 * text or omitted) and the failure is reported with its path, instead of failing the whole record.
 */

/** How a field that failed to parse is kept: as raw text (string fields only) or left out. */
export type Fallback = 'text' | 'omit';

const fallbacks = new WeakMap<object, Fallback>();

/** Marks `schema` as a "not shown" field: optional, and degradable when it still fails. */
export function tolerant<T extends z.ZodMiniType>(schema: T, fallback: Fallback = 'omit') {
  const field = z.optional(schema);
  fallbacks.set(field, fallback);
  return field;
}

/**
 * A "not shown" field the views compute with (a count, a label): absent or null reads as `value`,
 * and when it still fails it degrades to `value` (or, with 'text', to its raw text), so its type
 * stays required and the rest of the record renders.
 */
export function tolerantOr<T extends z.ZodMiniType>(schema: T, value: z.util.NoUndefined<z.core.output<T>>, fallback: Fallback = 'omit') {
  const field = z._default(schema, value);
  fallbacks.set(field, fallback);
  return field;
}

export type PathSegment = string | number;

/** One field that failed and was degraded: where, why, and how it is kept. */
export interface Degradation {
  path: string;
  reason: string;
  received: string;
  kept: Fallback;
}

/** A strict part of the payload failed: the record cannot be read. */
export class ContractViolation extends Error {
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`Unexpected response at ${path || '(root)'}: ${reason}`);
    this.name = 'ContractViolation';
    this.path = path;
  }
}

export function formatPath(path: readonly PathSegment[]): string {
  return path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index ? '.' : ''}${segment}`)).join('');
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Wrappers that do not change the path: optional, nullable, default, pipe, … */
function unwrap(schema: unknown): unknown[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [def.innerType];
    case 'pipe':
      return [def.in, def.out];
    case 'union':
      return def.options as unknown[];
    case 'intersection':
      return [def.left, def.right];
    default:
      return [];
  }
}

/** The schemas one path segment below `schema` (several when a union or pipe offers more than one). */
function childrenAt(schema: unknown, segment: PathSegment, seen = new Set<unknown>()): unknown[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object' && typeof segment === 'string') {
    const shape = def.shape as Record<string, unknown>;
    if (Object.hasOwn(shape, segment)) return [shape[segment]];
    return def.catchall ? [def.catchall] : [];
  }
  if (def.type === 'array' && typeof segment === 'number') return [def.element];
  if (def.type === 'record') return [def.valueType];
  return unwrap(schema).flatMap((inner) => childrenAt(inner, segment, seen));
}

/**
 * The length of the path prefix that ends at the innermost tolerant field on the way to `path`,
 * or -1 when the failure lies in a strict part.
 */
function tolerantPrefix(root: unknown, path: readonly PathSegment[]): { length: number; fallback: Fallback } | null {
  let found: { length: number; fallback: Fallback } | null = null;
  let level: unknown[] = [root];
  for (const [index, segment] of path.entries()) {
    level = level.flatMap((schema) => childrenAt(schema, segment));
    if (level.length === 0) break;
    const marked = level.find((schema) => fallbacks.has(schema as object));
    // Only object properties degrade: removing an array item would shift its neighbours.
    if (marked && typeof segment === 'string') found = { length: index + 1, fallback: fallbacks.get(marked as object)! };
  }
  return found;
}

const MAX_TEXT = 200;
const MAX_PASSES = 4;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array(${value.length})`;
  return typeof value;
}

export function rawText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

function issueReason(issue: z.core.$ZodIssue): string {
  const expected = 'expected' in issue && issue.expected ? ` (expected ${String(issue.expected)})` : '';
  return `${issue.message}${expected}`;
}

function parentOf(root: unknown, path: readonly PathSegment[]): Record<PathSegment, unknown> | null {
  let node: unknown = root;
  for (const segment of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<PathSegment, unknown>)[segment];
  }
  return typeof node === 'object' && node !== null ? (node as Record<PathSegment, unknown>) : null;
}

/**
 * Parses `payload`; each tolerant field that fails is degraded and listed. Throws
 * ContractViolation (with the failing path) when a strict part fails.
 */
export function readTolerant<T extends z.ZodMiniType>(schema: T, payload: unknown): { value: z.infer<T>; degraded: Degradation[] } {
  const first = schema.safeParse(payload);
  if (first.success) return { value: first.data, degraded: [] };
  const degraded: Degradation[] = [];
  const copy: unknown = structuredClone(payload);
  let issues = first.error.issues;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const repairs = new Map<string, { path: PathSegment[]; fallback: Fallback; reason: string }>();
    for (const issue of issues) {
      const path = issue.path as PathSegment[];
      const prefix = tolerantPrefix(schema, path);
      if (!prefix) throw new ContractViolation(formatPath(path), issueReason(issue));
      const fieldPath = path.slice(0, prefix.length);
      const key = formatPath(fieldPath);
      if (!repairs.has(key)) repairs.set(key, { path: fieldPath, fallback: prefix.fallback, reason: issueReason(issue) });
    }
    for (const [key, repair] of repairs) {
      const parent = parentOf(copy, repair.path);
      const name = repair.path[repair.path.length - 1];
      if (!parent || name === undefined) continue;
      const raw = parent[name];
      // A field already kept as text that still fails cannot be text: leave it out.
      const kept: Fallback = repair.fallback === 'text' && typeof raw !== 'string' ? 'text' : 'omit';
      if (kept === 'text') parent[name] = rawText(raw);
      else delete parent[name];
      degraded.push({ path: key, reason: repair.reason, received: describe(raw), kept });
    }
    const next = schema.safeParse(copy);
    if (next.success) return { value: next.data, degraded };
    issues = next.error.issues;
  }
  const [last] = issues;
  throw new ContractViolation(formatPath((last?.path ?? []) as PathSegment[]), last ? issueReason(last) : 'unreadable');
}
