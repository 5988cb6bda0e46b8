import type { Note } from '../../../api/schemas/review';
import { clockOf } from '../conversation/transcriptTimes';

/** The notes as markers on the player's timeline: each a button that jumps there. */
export function NoteMarkers({ notes, duration, onJump }: { notes: readonly Note[]; duration: number; onJump: (seconds: number) => void }) {
  if (notes.length === 0 || duration <= 0) return null;
  return (
    <div className="note-markers" role="group" aria-label="Notes on the timeline">
      {notes.map((note) => (
        <button
          key={note.id}
          type="button"
          className="note-marker"
          style={{ left: `${Math.min(100, Math.max(0, (note.seconds / duration) * 100))}%` }}
          title={`${clockOf(note.seconds)}: ${note.body}`}
          aria-label={`Note at ${clockOf(note.seconds)}: ${note.body}`}
          onClick={() => onJump(note.seconds)}
        />
      ))}
    </div>
  );
}
