/**
 * The two voices of the demo recordings: the bot and the caller speak with different espeak-ng
 * voices so a listener can tell them apart. Changing one changes every line's length: run
 * `npm run seed:speech` afterwards to refresh lineSamples.json (a contract test says so).
 */
export type Speaker = 'bot' | 'user';

export const VOICES: Readonly<Record<Speaker, string>> = {
  bot: 'en-us+f3',
  user: 'en-gb+m3',
};

/** espeak-ng writes 16-bit mono PCM at this rate. */
export const SPEECH_SAMPLE_RATE = 22_050;

/** Key of one synthesised line, in the timings file and the disk cache. */
export const lineKey = (speaker: Speaker, text: string) => `${speaker}|${text}`;

export function speakerOf(role: string): Speaker {
  return role === 'bot' ? 'bot' : 'user';
}
