import './live.css';
import type { LiveMark } from '../../machines/liveList';

/**
 * Live lists' marks (issue 30): a row a live refetch brought says so in words ("New", "Changed"),
 * not by colour alone; the list's status line counts them.
 */

const WORDS: Record<LiveMark, string> = { new: 'New', changed: 'Changed' };

export function LiveMarkBadge({ mark }: { mark: LiveMark }) {
  return <span className={`live-mark live-mark-${mark}`}>{WORDS[mark]}</span>;
}

/** "2 new, 1 changed since the list was shown" for the rows on screen, or '' when none is marked. */
export function liveMarksNote(rows: readonly { id: string }[], marks: Readonly<Record<string, LiveMark>>): string {
  let created = 0;
  let changed = 0;
  for (const row of rows) {
    const mark = marks[String(row.id)];
    if (mark === 'new') created += 1;
    else if (mark === 'changed') changed += 1;
  }
  const parts = [created > 0 ? `${created} new` : '', changed > 0 ? `${changed} changed` : ''].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', ')} since the list was shown (marked below)` : '';
}
