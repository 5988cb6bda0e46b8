import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isMissingFeature, type ReviewApi } from '../api/review';
import type { Note } from '../api/schemas/review';
import { failureOf, type OperationFailure } from './operation';

/**
 * Notes pinned to a transcript line or a moment of the audio (issue 29). One conversation's
 * notes: loading → ready (writes one at a time: pin, edit, delete; a failure keeps the text the
 * view holds and says why) | unavailable (404/405: the backend has no notes) | loadFailed.
 */

export type NotesApi = Pick<ReviewApi, 'notes' | 'pinNote' | 'editNote' | 'deleteNote'>;

export type NoteWrite =
  | { kind: 'pin'; body: string; lineId?: string; seconds?: number }
  | { kind: 'edit'; noteId: string; body: string }
  | { kind: 'delete'; noteId: string };

export interface NotesContext {
  conversationId: string | null;
  notes: Note[];
  error: OperationFailure | null;
  /** The write that failed last (the view shows its error beside that note or form). */
  failedWrite: NoteWrite | null;
  /** The write in flight. */
  pending: NoteWrite | null;
}

export type NotesEvent =
  | { type: 'notes.open'; conversationId: string }
  | { type: 'notes.retry' }
  | { type: 'notes.write'; write: NoteWrite };

export type NotesEmitted = { type: 'notes.written'; write: NoteWrite; note: Note | null };

const byTime = (a: Note, b: Note) => a.seconds - b.seconds || Number(a.id) - Number(b.id);

export function createNotesMachine(api: NotesApi) {
  return setup({
    types: { context: {} as NotesContext, events: {} as NotesEvent, emitted: {} as NotesEmitted },
    actors: {
      load: fromPromise<Note[], string>(({ input, signal }) => api.notes(input, signal)),
      write: fromPromise<Note | null, { conversationId: string; write: NoteWrite }>(async ({ input: { conversationId, write }, signal }) => {
        switch (write.kind) {
          case 'pin': return api.pinNote(conversationId, { body: write.body, ...(write.lineId ? { line_id: write.lineId } : { seconds: write.seconds ?? 0 }) }, signal);
          case 'edit': return api.editNote(write.noteId, write.body, signal);
          case 'delete':
            await api.deleteNote(write.noteId, signal);
            return null;
        }
      }),
    },
  }).createMachine({
    id: 'conversationNotes',
    context: { conversationId: null, notes: [], error: null, failedWrite: null, pending: null },
    initial: 'idle',
    on: {
      'notes.open': { target: '.loading', actions: assign(({ event }) => ({ conversationId: event.conversationId, notes: [], error: null, failedWrite: null, pending: null })) },
    },
    states: {
      idle: {},
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'load',
          input: ({ context }) => context.conversationId as string,
          onDone: { target: 'ready', actions: assign(({ event }) => ({ notes: [...event.output].sort(byTime) })) },
          onError: [
            { guard: ({ event }) => isMissingFeature(event.error), target: 'unavailable' },
            { target: 'loadFailed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Error Loading Records') })) },
          ],
        },
      },
      unavailable: { tags: ['unavailable'] },
      loadFailed: { tags: ['failed'], on: { 'notes.retry': 'loading' } },
      ready: {
        tags: ['ready'],
        initial: 'waiting',
        states: {
          waiting: { on: { 'notes.write': { target: 'writing', actions: assign(({ event }) => ({ pending: event.write })) } } },
          writing: {
            tags: ['busy'],
            invoke: {
              src: 'write',
              input: ({ context }) => ({ conversationId: context.conversationId as string, write: context.pending as NoteWrite }),
              onDone: {
                target: 'waiting',
                actions: [
                  assign(({ context, event }) => {
                    const write = context.pending as NoteWrite;
                    const note = event.output;
                    const notes = write.kind === 'delete' ? context.notes.filter((n) => n.id !== write.noteId) : note ? [...context.notes.filter((n) => n.id !== note.id), note].sort(byTime) : context.notes;
                    return { notes, error: null, failedWrite: null };
                  }),
                  emit(({ context, event }) => ({ type: 'notes.written' as const, write: context.pending as NoteWrite, note: event.output })),
                  assign({ pending: null }),
                ],
              },
              onError: {
                target: 'failed',
                actions: assign(({ context, event }) => ({ error: failureOf(event.error, 'Edit Record Failed'), failedWrite: context.pending, pending: null })),
              },
            },
          },
          failed: { tags: ['writeFailed'], on: { 'notes.write': { target: 'writing', actions: assign(({ event }) => ({ pending: event.write })) } } },
        },
      },
    },
  });
}

export type NotesActor = ActorRefFrom<ReturnType<typeof createNotesMachine>>;
export type NotesSnapshot = SnapshotFrom<ReturnType<typeof createNotesMachine>>;
