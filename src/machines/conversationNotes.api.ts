import type { NotesActor, NotesEmitted, NotesSnapshot } from './conversationNotes';

/** The notes actor's named API: senders, tag selectors, and the "written" event a form clears on. */
export function notesApi(ref: NotesActor) {
  return {
    open: (conversationId: string) => ref.send({ type: 'notes.open', conversationId }),
    retry: () => ref.send({ type: 'notes.retry' }),
    pinToLine: (lineId: string, body: string) => ref.send({ type: 'notes.write', write: { kind: 'pin', body, lineId } }),
    pinToMoment: (seconds: number, body: string) => ref.send({ type: 'notes.write', write: { kind: 'pin', body, seconds } }),
    edit: (noteId: string, body: string) => ref.send({ type: 'notes.write', write: { kind: 'edit', noteId, body } }),
    remove: (noteId: string) => ref.send({ type: 'notes.write', write: { kind: 'delete', noteId } }),
    onWritten: (handler: (event: NotesEmitted) => void) => {
      const subscription = ref.on('notes.written', handler);
      return () => subscription.unsubscribe();
    },
  };
}

export const notesSelectors = {
  ready: (s: NotesSnapshot) => s.hasTag('ready'),
  loading: (s: NotesSnapshot) => s.hasTag('loading'),
  busy: (s: NotesSnapshot) => s.hasTag('busy'),
  failed: (s: NotesSnapshot) => s.hasTag('failed'),
  writeFailed: (s: NotesSnapshot) => s.hasTag('writeFailed'),
  unavailable: (s: NotesSnapshot) => s.hasTag('unavailable'),
  notes: (s: NotesSnapshot) => s.context.notes,
  error: (s: NotesSnapshot) => s.context.error,
  failedWrite: (s: NotesSnapshot) => s.context.failedWrite,
  conversationId: (s: NotesSnapshot) => s.context.conversationId,
};
