import type { Database } from '../../../db/connection';
import { lineAudio } from '../../../db/seeds/speech/lineCache';
import { SPEECH_SAMPLE_RATE, speakerOf } from '../../../db/seeds/speech/voices';

/**
 * The reference API keeps no real call audio. A recording with audio is served as speech
 * synthesised from the conversation's own transcript (bot and caller in two voices, see
 * db/seeds/speech/): each line starts exactly at its transcript time, so a player that seeks to
 * a line's time hears that line. Lines are synthesised on the first request and cached on disk.
 */
export const WAV_SAMPLE_RATE = SPEECH_SAMPLE_RATE;
/** Guard on what one request may assemble; seeded recordings are well under a minute. */
export const MAX_AUDIO_SECONDS = 600;
const MAX_LINES = 500;

export function audioSeconds(durationSeconds: number): number {
  return Math.max(1, Math.min(MAX_AUDIO_SECONDS, Math.round(durationSeconds)));
}

const secondsOf = (time: string) => {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 0;
};

/** A 16-bit mono PCM WAV of `seconds`, with each transcript line spoken at its time. */
export async function speechRecordingWav(db: Database, conversationId: number, seconds: number): Promise<Buffer> {
  const lines = db
    .prepare(`SELECT role, text, time FROM conversation_transcript_lines WHERE conversation_id = ? AND role != 'system' ORDER BY position LIMIT ${MAX_LINES}`)
    .all(conversationId) as { role: string; text: string; time: string }[];
  const samples = audioSeconds(seconds) * WAV_SAMPLE_RATE;
  const buffer = Buffer.alloc(44 + samples * 2);
  writeHeader(buffer, samples);
  for (const line of lines) {
    const pcm = await lineAudio(speakerOf(line.role), line.text);
    const start = Math.round(secondsOf(line.time) * WAV_SAMPLE_RATE);
    const count = Math.min(pcm.length, samples - start);
    for (let i = 0; i < count; i += 1) {
      // Mixed, not overwritten, should two lines ever overlap.
      const at = 44 + (start + i) * 2;
      buffer.writeInt16LE(Math.max(-32768, Math.min(32767, buffer.readInt16LE(at) + (pcm[i] as number))), at);
    }
  }
  return buffer;
}

function writeHeader(buffer: Buffer, samples: number): void {
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // PCM header size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(WAV_SAMPLE_RATE, 24);
  buffer.writeUInt32LE(WAV_SAMPLE_RATE * 2, 28); // byte rate: 2 bytes per sample
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
}
