import { NO_MARKS, NOTHING_OFFERED, type LiveListActor, type LiveListSnapshot, type LiveMark } from './liveList';

/** A live list's named senders (issue 25's convention). */
export function liveListApi(ref: LiveListActor) {
  return {
    /** Fetches what the banner offers (the conversations list's "show"). */
    show: () => ref.send({ type: 'liveList.show' }),
    /** The user moved the list (search, page, filters): its marks and offers no longer apply. */
    clear: () => ref.send({ type: 'liveList.clear' }),
  };
}

export type LiveListApi = ReturnType<typeof liveListApi>;

export const liveListSelectors = {
  /** Row id → `new` or `changed`, for the rows a live refetch brought. */
  marks: (s: LiveListSnapshot | undefined): Readonly<Record<string, LiveMark>> => s?.context.marks ?? NO_MARKS,
  /** What waits for "show": new records, changed records, and whether there are more than counted. */
  offered: (s: LiveListSnapshot | undefined) => s?.context.offered ?? NOTHING_OFFERED,
};
