/**
 * The reference API keeps no real call audio. A recording with audio is served as a generated
 * WAV (8 kHz, 8-bit mono: small, and every browser's <audio> plays it): soft tones alternating
 * with silence, so a tester can hear that playback, seeking and the player controls work.
 */
export const WAV_SAMPLE_RATE = 8000;
/** Longer calls are served as this many seconds of audio; the API says so (audio_seconds). */
export const MAX_AUDIO_SECONDS = 30;

export function audioSeconds(durationSeconds: number): number {
  return Math.max(1, Math.min(MAX_AUDIO_SECONDS, Math.round(durationSeconds)));
}

export function generateWav(seconds: number, toneHz: number): Buffer {
  const samples = seconds * WAV_SAMPLE_RATE;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // PCM header size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(WAV_SAMPLE_RATE, 24);
  buffer.writeUInt32LE(WAV_SAMPLE_RATE, 28); // byte rate: 1 byte per sample
  buffer.writeUInt16LE(1, 32); // block align
  buffer.writeUInt16LE(8, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i += 1) {
    const t = i / WAV_SAMPLE_RATE;
    // 1.2 s of tone ("speech"), 0.8 s of silence, the pitch moving between two "speakers".
    const phase = t % 2;
    const speaking = phase < 1.2;
    const hz = Math.floor(t / 2) % 2 === 0 ? toneHz : toneHz * 1.25;
    const envelope = speaking ? Math.sin((Math.PI * phase) / 1.2) : 0;
    buffer.writeUInt8(Math.round(128 + 40 * envelope * Math.sin(2 * Math.PI * hz * t)), 44 + i);
  }
  return buffer;
}
