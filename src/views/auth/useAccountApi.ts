import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { createAccountApi, type AccountApi } from '../../api/account';
import { usePortal } from '../PortalContext';

/** The account calls over the portal's own HTTP clients (one instance per portal). */
export function useAccountApi(): AccountApi {
  const { http } = usePortal();
  return useMemo(() => createAccountApi(http), [http]);
}

/** One query parameter of the current location (null when absent). */
export function useQueryParam(name: string): string | null {
  const search = useSearch();
  return useMemo(() => new URLSearchParams(search).get(name), [search, name]);
}
