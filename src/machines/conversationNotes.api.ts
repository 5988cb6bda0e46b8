import type { Note } from '../api/schemas/review';
import type { NotesActor, NotesEmitted, NoteWrite } from './conversationNotes';
import { partSelectors } from './conversationPart';

/** The notes actor's named API: senders, tag selectors, and the "written" event a form clears on. */
export function notesApi(ref: NotesActor) {
  return {
    open: (conversationId: string) => ref.send({ type: 'part.open', conversationId }),
    retry: () => ref.send({ type: 'part.retry' }),
    pinToLine: (lineId: string, body: string) => ref.send({ type: 'part.write', write: { kind: 'pin', body, lineId } }),
    pinToMoment: (seconds: number, body: string) => ref.send({ type: 'part.write', write: { kind: 'pin', body, seconds } }),
    edit: (noteId: string, body: string) => ref.send({ type: 'part.write', write: { kind: 'edit', noteId, body } }),
    remove: (noteId: string) => ref.send({ type: 'part.write', write: { kind: 'delete', noteId } }),
    onWritten: (handler: (event: NotesEmitted) => void) => {
      const subscription = ref.on('part.written', handler);
      return () => subscription.unsubscribe();
    },
  };
}

const shared = partSelectors<Note, NoteWrite>();
export const notesSelectors = {
  ...shared,
  notes: shared.items,
  failedWrite: (s: Parameters<typeof shared.items>[0]) => s.context.failedWrite,
};
