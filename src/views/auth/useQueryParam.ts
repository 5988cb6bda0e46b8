import { useMemo } from 'react';
import { useSearch } from 'wouter';

/** One query parameter of the current location (null when absent). */
export function useQueryParam(name: string): string | null {
  const search = useSearch();
  return useMemo(() => new URLSearchParams(search).get(name), [search, name]);
}
