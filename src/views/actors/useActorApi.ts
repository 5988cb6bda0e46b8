import { useMemo } from 'react';

/**
 * An actor's named API (`<actor>Api(ref)` from `src/machines/<actor>.api.ts`), built once per
 * actor: its senders keep their identity across renders, so they can go into effects' deps and
 * memoised children's props. `api` is a module-level function.
 */
export function useActorApi<R, A>(ref: R, api: (ref: R) => A): A {
  return useMemo(() => api(ref), [ref, api]);
}
