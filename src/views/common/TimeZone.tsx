import { createContext, useContext } from 'react';

/**
 * The user's time zone (Settings › Time zone), provided once by the signed-in shell: every
 * displayed time reads it here, so a saved change re-renders them all. Undefined: the browser's.
 */
export const TimeZoneContext = createContext<string | undefined>(undefined);

export function useTimeZone(): string | undefined {
  return useContext(TimeZoneContext);
}
