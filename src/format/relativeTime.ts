/**
 * How long ago, for lists that show activity ("now", "4 min ago", "2 h ago"); older than a day
 * falls back to SPEC §9's timestamp rule, which the caller applies.
 */
export function formatRelative(iso: string, now: number): string | null {
  const ms = now - new Date(iso).getTime();
  if (!Number.isFinite(ms)) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return null;
}
