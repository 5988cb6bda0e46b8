import type { TranscriptLine } from '../../../api/schemas/reporting';

/** A transcript line's id (SPEC gives lines a position; the review calls name them by id). */
export const lineIdOf = (line: TranscriptLine): string => {
  const id = (line as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `position-${line.position}`;
};

/** The note form's target for "the recording's current moment". */
export const MOMENT = 'moment';
