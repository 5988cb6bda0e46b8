import { useSelector } from '@xstate/react';
import { notesApi } from '../../machines/conversationNotes.api';
import type { NotesSnapshot } from '../../machines/conversationNotes';
import { useActorApi } from './useActorApi';
import { useReviewActors } from './useReviewActors';

/** The pinned notes' named senders (open, pin, edit, remove, onWritten). */
export function useConversationNotes() {
  return useActorApi(useReviewActors().notes, notesApi);
}
/** A read of the notes: pass one of `notesSelectors`. */
export function useConversationNotesState<T>(select: (s: NotesSnapshot) => T): T {
  return useSelector(useReviewActors().notes, select);
}
