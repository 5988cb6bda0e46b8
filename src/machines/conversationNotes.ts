import type { ReviewApi } from '../api/review';
import type { Note } from '../api/schemas/review';
import { createConversationPartMachine, type PartActor, type PartEmitted, type PartSnapshot } from './conversationPart';

/**
 * Notes pinned to a transcript line or a moment of the audio (issue 29): a conversation part
 * (conversationPart.ts) with writes — pin, edit, delete, one at a time; a failure keeps the text
 * the view holds and says why.
 */

export type NotesApi = Pick<ReviewApi, 'notes' | 'pinNote' | 'editNote' | 'deleteNote'>;

export type NoteWrite =
  | { kind: 'pin'; body: string; lineId?: string; seconds?: number }
  | { kind: 'edit'; noteId: string; body: string }
  | { kind: 'delete'; noteId: string };

const byTime = (a: Note, b: Note) => a.seconds - b.seconds || Number(a.id) - Number(b.id);

export function createNotesMachine(api: NotesApi) {
  return createConversationPartMachine<Note, NoteWrite>({
    id: 'conversationNotes',
    load: (conversationId, signal) => api.notes(conversationId, signal),
    order: byTime,
    writes: {
      async call(conversationId, write, signal) {
        switch (write.kind) {
          case 'pin': return api.pinNote(conversationId, { body: write.body, ...(write.lineId ? { line_id: write.lineId } : { seconds: write.seconds ?? 0 }) }, signal);
          case 'edit': return api.editNote(write.noteId, write.body, signal);
          case 'delete':
            await api.deleteNote(write.noteId, signal);
            return null;
        }
      },
      apply: (notes, write, note) =>
        write.kind === 'delete' ? notes.filter((n) => n.id !== write.noteId) : note ? [...notes.filter((n) => n.id !== note.id), note] : [...notes],
    },
  });
}

export type NotesActor = PartActor<Note, NoteWrite>;
export type NotesSnapshot = PartSnapshot<Note, NoteWrite>;
export type NotesEmitted = PartEmitted<Note, NoteWrite>;
