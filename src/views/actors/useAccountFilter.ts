import { useSelector } from '@xstate/react';
import { accountFilterApi, type AccountFilterActorApi } from '../../machines/accountFilter.api';
import type { AccountFilterActor } from '../../machines/accountFilter';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The account filter's named senders (`need`, `select`), stable per actor. */
export function useAccountFilter(): AccountFilterActorApi {
  return useActorApi(usePortal().accountFilter, accountFilterApi);
}

/** A read of the account filter: pass one of `accountFilterSelectors` (machines/accountFilter.api.ts). */
export function useAccountFilterState<T>(select: (snapshot: ReturnType<AccountFilterActor['getSnapshot']>) => T): T {
  return useSelector(usePortal().accountFilter, select);
}
