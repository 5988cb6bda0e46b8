import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineKey, SPEECH_SAMPLE_RATE, type Speaker } from './voices';

/**
 * Where each line of a voice conversation is spoken in its recording: one line after the other
 * with a short, varying pause, on a 0.1 s grid (the transcript's `h:mm:ss.s` precision), so the
 * transcript times ARE the offsets at which the recording (wav.ts) places each line's audio.
 *
 * The seed is synchronous and must stay fast, so it reads each line's length from
 * lineSamples.json (written by `npm run seed:speech` from the real synthesiser, checked against
 * it by a contract test) instead of synthesising; the audio itself is made on first request.
 */
const LEAD_IN_SECONDS = 0.5;
const PAUSE_SECONDS = 0.45;
const PAUSE_SPREAD_SECONDS = 0.7;
const TAIL_SECONDS = 0.8;

export const LINE_SAMPLES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lineSamples.json');

let samples: Readonly<Record<string, number>> | undefined;

function lineSamples(): Readonly<Record<string, number>> {
  if (!samples) {
    try {
      samples = JSON.parse(readFileSync(LINE_SAMPLES_FILE, 'utf8')) as Record<string, number>;
    } catch {
      samples = {};
    }
  }
  return samples;
}

/** A line's spoken length: measured, else estimated from espeak-ng's default pace (~14 characters a second). */
export function spokenSeconds(speaker: Speaker, text: string): number {
  const measured = lineSamples()[lineKey(speaker, text)];
  return measured !== undefined ? measured / SPEECH_SAMPLE_RATE : 0.4 + text.length / 14;
}

const tenths = (seconds: number) => Math.ceil(seconds * 10 - 1e-9) / 10;

export interface SpeechLayout {
  /** Start of each line in seconds, one decimal. */
  starts: number[];
  /** Whole seconds of the recording: the last line and a short tail. */
  seconds: number;
}

export function layOutSpeech(lines: ReadonlyArray<{ speaker: Speaker; text: string }>, random: () => number): SpeechLayout {
  const starts: number[] = [];
  let cursor = LEAD_IN_SECONDS;
  let end = cursor;
  for (const line of lines) {
    const start = tenths(cursor);
    starts.push(start);
    end = start + spokenSeconds(line.speaker, line.text);
    cursor = end + PAUSE_SECONDS + random() * PAUSE_SPREAD_SECONDS;
  }
  return { starts, seconds: Math.ceil(end + TAIL_SECONDS) };
}
