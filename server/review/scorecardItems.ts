import type { Database } from '../db/connection';
import type { ScoredItem } from '../../src/format/evaluationScore';

/** A scorecard item as the API shows it (docs/review-contract.md). */
export interface ScorecardItem extends ScoredItem {
  id: number;
  position: number;
  question: string;
  kind: 'yes_no' | 'scale';
  allow_na: boolean;
  weight: number;
  critical: boolean;
}

interface ItemRow {
  id: number;
  position: number;
  question: string;
  kind: 'yes_no' | 'scale';
  allow_na: number;
  weight: number;
  critical: number;
}

export const itemOf = (row: ItemRow): ScorecardItem => ({
  id: row.id,
  position: row.position,
  question: row.question,
  kind: row.kind,
  allow_na: row.allow_na === 1,
  weight: row.weight,
  critical: row.critical === 1,
});

/** The items of one version of a scorecard, in order. */
export function itemsOf(db: Database, scorecardId: number, version: number): ScorecardItem[] {
  const rows = db
    .prepare('SELECT id, position, question, kind, allow_na, weight, critical FROM scorecard_items WHERE scorecard_id = ? AND version = ? ORDER BY position, id')
    .all(scorecardId, version) as ItemRow[];
  return rows.map(itemOf);
}

export interface NewItem {
  question: string;
  kind: 'yes_no' | 'scale';
  allow_na: boolean;
  weight: number;
  critical: boolean;
}

/** Makes sure the version row exists (scorecards created after the migration start at version 1 without one). */
export function ensureVersion(db: Database, scorecardId: number, version: number): void {
  db.prepare('INSERT OR IGNORE INTO scorecard_versions (scorecard_id, version) VALUES (?, ?)').run(scorecardId, version);
}

export function insertItems(db: Database, scorecardId: number, version: number, items: readonly NewItem[]): void {
  const insert = db.prepare(
    'INSERT INTO scorecard_items (scorecard_id, version, position, question, kind, allow_na, weight, critical) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  items.forEach((item, i) => insert.run(scorecardId, version, i + 1, item.question, item.kind, +item.allow_na, item.weight, +item.critical));
}

/**
 * Replaces the items of a scorecard. When any evaluation (draft or submitted) used the current
 * version, the items become a new version and the old one stays as it was, so every evaluation
 * stays readable against the items it answered. Returns the version now current.
 */
export function replaceItems(db: Database, scorecardId: number, items: readonly NewItem[]): { version: number; versioned: boolean } {
  return db.transaction(() => {
    const { version } = db.prepare('SELECT version FROM scorecards WHERE id = ?').get(scorecardId) as { version: number };
    ensureVersion(db, scorecardId, version);
    const used = db.prepare('SELECT 1 FROM conversation_evaluations WHERE scorecard_id = ? AND scorecard_version = ? LIMIT 1').get(scorecardId, version) !== undefined;
    if (!used) {
      db.prepare('DELETE FROM scorecard_items WHERE scorecard_id = ? AND version = ?').run(scorecardId, version);
      insertItems(db, scorecardId, version, items);
      return { version, versioned: false };
    }
    const next = version + 1;
    ensureVersion(db, scorecardId, next);
    insertItems(db, scorecardId, next, items);
    db.prepare("UPDATE scorecards SET version = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(next, scorecardId);
    return { version: next, versioned: true };
  })();
}
