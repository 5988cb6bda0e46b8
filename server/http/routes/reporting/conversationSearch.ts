import type { Database } from '../../../db/connection';
import type { Statement } from 'better-sqlite3';
import { ValidationError } from '../../errors';
import { likeAny, type SqlCondition } from '../../list';

/**
 * The text part of a conversations search: which conversations hold the term in their uuid,
 * phone number or summary (a case-insensitive substring), answered through the trigram index
 * (`conversations_search`) at a cost bounded whatever the term:
 *
 * 1. The term's distinct trigrams (at most MAX_SEARCH_TRIGRAMS, else a 422 that says so).
 * 2. Rarest first: each trigram's conversations are read from the index with a LIMIT that
 *    shrinks to the rarest count so far, never more than MAX_SEARCH_CANDIDATES. A trigram in no
 *    conversation ends the search at once (nothing can match).
 * 3. The rarest trigram's conversations are the candidates; each is checked for the whole term
 *    in its own columns (instr on the folded text). FTS5's own phrase query costs a position
 *    check per token and row: a term of 98 "000" trigrams read a million-entry list 98 times.
 *
 * When every trigram is in more than MAX_SEARCH_CANDIDATES conversations no bounded plan can
 * list the matches in order with an exact total, and the answer is a 422 asking for more of the
 * term. The result (ids, newest first) is cached per term until a conversation changes, so the
 * pages of one search and its export run the search once.
 */
export const MAX_SEARCH_TRIGRAMS = 40;
export const MAX_SEARCH_CANDIDATES = 10_000;
/** Shorter terms have no trigram: they match the start of a uuid only. */
export const MIN_TRIGRAM_TERM = 3;

/** Distinct trigrams of the term, folded the way the index folds (case-insensitive), by code point. */
export function searchTrigrams(term: string): string[] {
  const characters = [...term.toLowerCase()];
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= characters.length; i += 1) trigrams.add(characters.slice(i, i + 3).join(''));
  return [...trigrams];
}

interface Cached {
  version: number;
  /** The matching ids, newest first, or the 422 the term gets. */
  ids: readonly number[] | ValidationError;
}

const MAX_CACHED_TERMS = 32;

interface Statements {
  probe: Statement;
  verifyAscii: Statement;
  verifyUnicode: Statement;
  uuidPrefix: Statement;
  version: Statement;
  cache: Map<string, Cached>;
}

const perDatabase = new WeakMap<Database, Statements>();

function statementsOf(db: Database): Statements {
  let found = perDatabase.get(db);
  if (found) return found;
  // SQLite's lower() folds ASCII only; a term with other letters is compared with JavaScript's folding.
  db.function('portal_fold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  const verify = (fold: string) =>
    db
      .prepare(
        `SELECT id FROM conversations WHERE id IN (SELECT value FROM json_each(?))
           AND (instr(${fold}(uuid), @term) > 0 OR instr(${fold}(phone_number), @term) > 0 OR instr(${fold}(summary), @term) > 0)
         ORDER BY id DESC`,
      )
      .pluck();
  found = {
    // One quoted trigram is one token: FTS5 folds it as it folded the indexed text.
    probe: db.prepare('SELECT rowid FROM conversations_search WHERE conversations_search MATCH ? LIMIT ?').pluck(),
    verifyAscii: verify('lower'),
    verifyUnicode: verify('portal_fold'),
    uuidPrefix: db.prepare('SELECT id FROM conversations WHERE uuid >= ? AND uuid < ? LIMIT ?').pluck(),
    version: db.prepare("SELECT version FROM reporting_versions WHERE name = 'conversations'").pluck(),
    cache: new Map(),
  };
  perDatabase.set(db, found);
  return found;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

const tooCommon = () =>
  new ValidationError({
    search: [
      `The search is too common to list: it is in more than ${MAX_SEARCH_CANDIDATES.toLocaleString('en-US')} conversations. Type more of it (a longer piece of a uuid, phone number, name or summary).`,
    ],
  });

/** A linked table whose name a search matches (roles, instances, bots, contacts). */
export interface SearchLink {
  table: string;
  column: string;
  label: string;
}

/**
 * The conversations a search names, as a condition on `c.id` (ids resolved once, cached per
 * term until a conversation changes): uuid, phone number or summary holding the term, or a
 * linked role, instance, bot or contact whose name holds it. Too many of either: a 422.
 */
export function conversationSearchCondition(db: Database, term: string, links: readonly SearchLink[]): SqlCondition {
  const statements = statementsOf(db);
  const folded = term.toLowerCase();
  const version = statements.version.get() as number;
  let hit = statements.cache.get(folded);
  if (!hit || hit.version !== version) {
    let ids: readonly number[] | ValidationError;
    try {
      ids = resolve(db, statements, folded, links);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      ids = error;
    }
    hit = { version, ids };
  }
  // Re-inserted: Map order doubles as least-recently-used order.
  statements.cache.delete(folded);
  statements.cache.set(folded, hit);
  if (statements.cache.size > MAX_CACHED_TERMS) statements.cache.delete(statements.cache.keys().next().value as string);
  if (hit.ids instanceof ValidationError) throw hit.ids;
  return hit.ids.length === 0 ? { sql: '0', params: [] } : { sql: 'c.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(hit.ids)] };
}

function resolve(db: Database, statements: Statements, folded: string, links: readonly SearchLink[]): number[] {
  const ids = new Set(textMatches(statements, folded));
  for (const link of links) for (const id of linkMatches(db, link, folded)) ids.add(id);
  return [...ids].sort((a, b) => b - a);
}

/** Conversations whose uuid, phone number or summary holds the term (3+ characters); see the top. */
function textMatches(statements: Statements, folded: string): number[] {
  if ([...folded].length < MIN_TRIGRAM_TERM) {
    // No trigram: the start of the uuid only (its unique index), as many as a search may list.
    const ids = statements.uuidPrefix.all(folded, `${folded}\u{10FFFF}`, MAX_SEARCH_CANDIDATES + 1) as number[];
    if (ids.length > MAX_SEARCH_CANDIDATES) throw tooCommon();
    return ids;
  }
  const trigrams = searchTrigrams(folded);
  if (trigrams.length > MAX_SEARCH_TRIGRAMS) {
    throw new ValidationError({
      search: [`The search must not have more than ${MAX_SEARCH_TRIGRAMS} different three-character parts: search for a shorter piece of it.`],
    });
  }
  let candidates: number[] | null = null;
  for (const trigram of trigrams) {
    const limit = (candidates?.length ?? MAX_SEARCH_CANDIDATES) + 1;
    const rows = statements.probe.all(quoted(trigram), limit) as number[];
    if (rows.length < limit) candidates = rows;
    if (candidates?.length === 0) return [];
  }
  if (candidates === null) throw tooCommon();
  const verify = /^[\x20-\x7e]*$/.test(folded) ? statements.verifyAscii : statements.verifyUnicode;
  return verify.all(JSON.stringify(candidates), { term: folded }) as number[];
}

/** Conversations linked to a role, instance, bot or contact whose name holds the term (3+ characters). */
function linkMatches(db: Database, link: SearchLink, folded: string): number[] {
  if ([...folded].length < MIN_TRIGRAM_TERM) return [];
  const named = likeAny([link.label], folded);
  const sql = `SELECT id FROM conversations WHERE ${link.column} IN (SELECT id FROM ${link.table} WHERE ${named.sql}) LIMIT ${MAX_SEARCH_CANDIDATES + 1}`;
  const ids = db.prepare(sql).pluck().all(...named.params) as number[];
  if (ids.length > MAX_SEARCH_CANDIDATES) throw tooCommon();
  return ids;
}
