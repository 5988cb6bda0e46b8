import { useEffect, useState } from 'react';
import type { TranscriptLine } from '../../../api/schemas/reporting';
import type { Note } from '../../../api/schemas/review';
import { notesSelectors as is } from '../../../machines/conversationNotes.api';
import { useConversationNotes, useConversationNotesState } from '../../actors/useConversationNotes';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { clockOf, lineSeconds, speakerOf } from '../conversation/transcriptTimes';
import { lineIdOf, MOMENT } from './reviewLines';

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

function NoteItem({ note, lines, onJump }: { note: Note; lines: readonly TranscriptLine[]; onJump: (seconds: number) => void }) {
  const notes = useConversationNotes();
  const busy = useConversationNotesState(is.busy);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.body);
  useEffect(() => notes.onWritten((event) => {
    if (event.write.kind === 'edit' && event.write.noteId === note.id) setEditing(false);
  }), [notes, note.id]);
  const line = note.line_id ? lines.find((l) => lineIdOf(l) === note.line_id) : undefined;
  const where = line ? `${speakerOf(line.role)} line at ${clockOf(note.seconds)}` : `Recording at ${clockOf(note.seconds)}`;
  return (
    <li className="note">
      <button type="button" className="button compact note-jump" onClick={() => onJump(note.seconds)} aria-label={`Jump to ${where}`}>{clockOf(note.seconds)}</button>
      <div className="note-body">
        <p className="note-meta">{`${where} · ${note.author.name ?? 'Unknown'}`}</p>
        {editing ? (
          <form onSubmit={(e) => { e.preventDefault(); if (text.trim()) notes.edit(note.id, text.trim()); }}>
            <label htmlFor={`note-edit-${note.id}`} className="visually-hidden">Edit note</label>
            <textarea id={`note-edit-${note.id}`} value={text} maxLength={2000} rows={2} onChange={(e) => setText(e.target.value)} />
            <button type="submit" className="button compact" disabled={busy}>Save note</button>
            <button type="button" className="button compact" onClick={() => { setEditing(false); setText(note.body); }}>Cancel</button>
          </form>
        ) : (
          <p>{note.body}</p>
        )}
        {note.editable && !editing && (
          <p className="note-actions">
            <button type="button" className="button compact" onClick={() => setEditing(true)} aria-label={`Edit note at ${clockOf(note.seconds)}`}>Edit</button>
            <button type="button" className="button compact" disabled={busy} onClick={() => notes.remove(note.id)} aria-label={`Delete note at ${clockOf(note.seconds)}`}>Delete</button>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Notes pinned to a transcript line or a moment of the recording (issue 29): the form, and the
 * notes in time order, each a jump to its place. Authors edit and delete only their own.
 */
export function NotesPanel({ conversationId, lines, target, onTarget, currentSeconds, hasAudio, onJump, mayPin = true }: {
  conversationId: string;
  lines: readonly TranscriptLine[];
  /** What the next note pins to: a line id, or MOMENT (the recording's position). */
  target: string;
  onTarget: (target: string) => void;
  currentSeconds: () => number;
  hasAudio: boolean;
  onJump: (seconds: number) => void;
  /** Evaluations add: may pin notes (the API checks it too). */
  mayPin?: boolean;
}) {
  const notes = useConversationNotes();
  useEffect(() => notes.open(conversationId), [notes, conversationId]);
  const list = useConversationNotesState(is.notes);
  const ready = useConversationNotesState(is.ready);
  const loading = useConversationNotesState(is.loading);
  const unavailable = useConversationNotesState(is.unavailable);
  const loadFailed = useConversationNotesState(is.failed);
  const writeFailed = useConversationNotesState(is.writeFailed);
  const busy = useConversationNotesState(is.busy);
  const error = useConversationNotesState(is.error);
  const [text, setText] = useState('');
  useEffect(() => notes.onWritten((event) => {
    if (event.write.kind === 'pin') setText('');
  }), [notes]);

  // A backend without notes: the workspace says so once for every review part (ReviewWorkspace).
  if (unavailable) return null;
  const pin = () => {
    const body = text.trim();
    if (!body) return;
    if (target === MOMENT) notes.pinToMoment(Math.round(currentSeconds() * 10) / 10, body);
    else notes.pinToLine(target, body);
  };
  return (
    <section className="panel notes-panel" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      {loading && <LoadingState label="Loading notes…" />}
      {loadFailed && <OperationError error={error} onRetry={notes.retry} />}
      {ready && (
        <>
          {mayPin && <form className="note-form" aria-label="Pin a note" onSubmit={(e) => { e.preventDefault(); pin(); }}>
            <label htmlFor="note-target">Pin to</label>
            <select id="note-target" value={target} onChange={(e) => onTarget(e.target.value)}>
              {hasAudio && <option value={MOMENT}>The recording’s current moment</option>}
              {lines.map((line) => (
                <option key={lineIdOf(line)} value={lineIdOf(line)}>{`${clockOf(lineSeconds(line.time))} ${speakerOf(line.role)}: ${excerpt(line.text)}`}</option>
              ))}
            </select>
            <label htmlFor="note-text">Note</label>
            <textarea id="note-text" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
            <button type="submit" className="button" disabled={busy || !text.trim()}>Pin note</button>
            <span role="status" className="visually-hidden">{busy ? 'Saving the note…' : ''}</span>
          </form>}
          {writeFailed && <OperationError error={error} />}
          {list.length === 0 ? <p>No notes yet.</p> : (
            <ol className="notes-list" aria-label="Notes in time order">
              {list.map((note) => <NoteItem key={note.id} note={note} lines={lines} onJump={onJump} />)}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
