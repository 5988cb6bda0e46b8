import { transcriptTimeToSeconds } from '../../../format/transcriptTime';

/** SPEC §9 seconds (2 decimals) as a number, for seeking and for finding the spoken line. */
export const lineSeconds = (time: string) => Number(transcriptTimeToSeconds(time));

/** `m:ss` (or `h:mm:ss` past an hour), the clock a player shows. */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const speakerOf = (role: string) => (role === 'bot' ? 'Bot' : role === 'user' ? 'Caller' : 'System');
