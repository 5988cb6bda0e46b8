import { z } from '../zod';

/**
 * Saved list views (issue 30), kept under one key of the user settings, `list_views`
 * (docs/user-settings.md): per list, named views of its query (filters, sort, page size) and its
 * visible columns in order, and the view the list opens with. The payload is ours, but another
 * client or an older portal may have written it: a malformed view is dropped, not the rest.
 */
export interface SavedView {
  name: string;
  /** The list's URL query (`search`, `sort`, `show`, `filter[…]`), as strings. */
  query: Record<string, string>;
  /** Visible columns in order; null = the list's own columns. */
  columns: string[] | null;
}

export interface ListViews {
  views: SavedView[];
  /** The view the list opens with when its address names no query. */
  default: string | null;
}

export type AllListViews = Record<string, ListViews>;

/** The bounds the reference API enforces too (server/http/routes/userSettings.ts). */
export const SAVED_VIEW_LIMITS = { name: 80, viewsPerList: 30, lists: 60, queryValues: 40, columns: 60 } as const;

const savedViewSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(SAVED_VIEW_LIMITS.name)),
  query: z.record(z.string(), z.string()),
  columns: z.optional(z.nullable(z.array(z.string()))),
});

const listShape = z.object({ views: z.array(z.unknown()), default: z.optional(z.nullable(z.string())) });

function readList(raw: unknown): ListViews | null {
  const list = listShape.safeParse(raw);
  if (!list.success) return null;
  const views: SavedView[] = [];
  for (const candidate of list.data.views.slice(0, SAVED_VIEW_LIMITS.viewsPerList)) {
    const view = savedViewSchema.safeParse(candidate);
    if (view.success && !views.some((v) => v.name === view.data.name)) views.push({ name: view.data.name, query: view.data.query, columns: view.data.columns ?? null });
  }
  const fallback = list.data.default ?? null;
  return { views, default: fallback && views.some((v) => v.name === fallback) ? fallback : null };
}

/** Every list's views from the settings' `list_views` value (anything else reads as none). */
export function readListViews(raw: unknown): AllListViews {
  const all: AllListViews = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return all;
  for (const [list, value] of Object.entries(raw).slice(0, SAVED_VIEW_LIMITS.lists)) {
    const views = readList(value);
    if (views) all[list] = views;
  }
  return all;
}
