import type { TranscriptLine } from '../../../api/schemas/reporting';
import type { Note, TurnTiming } from '../../../api/schemas/review';
import { lineIdOf } from './reviewLines';
import { ms } from './TurnLatency';

/**
 * What the review adds beside one transcript line: the bot turn's latency, the notes pinned to
 * it, and a button that pins the next note there.
 */
export function LineAside({ line, index, turn, notes, onPin }: {
  line: TranscriptLine;
  index: number;
  turn: TurnTiming | undefined;
  notes: readonly Note[];
  onPin?: (lineId: string) => void;
}) {
  return (
    <div className="line-aside">
      {turn && <span className="latency-chip" title="Response latency of this turn">{`Latency ${ms(turn.latency_ms)}`}</span>}
      {notes.map((note) => (
        <p key={note.id} className="line-note"><span className="visually-hidden">Note: </span>{note.body}<span className="note-meta">{` — ${note.author.name ?? 'Unknown'}`}</span></p>
      ))}
      {onPin && (
        <button type="button" className="link-button pin-button" onClick={() => onPin(lineIdOf(line))} aria-label={`Pin note to line ${index + 1}`}>Pin note</button>
      )}
    </div>
  );
}
