import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedIn } from './support';

/**
 * Issue 27, finding 6 (audio): every request for a recording assembled its WAV again (up to
 * 26 MB, sample by sample on the event loop), so 100 parallel requests built 100 buffers.
 * Now one recording is assembled once, however many ask at once, and kept.
 */

let server: TestServer;
/** Runs of the statement that reads a recording's transcript lines to assemble its audio. */
let assemblies = 0;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.server.db;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (sql.includes('conversation_transcript_lines') && sql.includes("role != 'system'")) {
      const all = statement.all.bind(statement) as (...args: unknown[]) => unknown[];
      (statement as unknown as { all: typeof all }).all = (...args: unknown[]) => {
        assemblies += 1;
        return all(...args);
      };
    }
    return statement;
  }) as typeof db.prepare;
});
afterAll(async () => {
  await server.close();
});

describe('recordings cannot be used to stall the server', () => {
  test('100 parallel requests for one recording get the same WAV, assembled once', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const recording = server.server.db
      .prepare('SELECT c.uuid AS conversation, r.uuid AS recording FROM conversation_recordings r JOIN conversations c ON c.id = r.conversation_id WHERE r.has_audio = 1 ORDER BY r.id LIMIT 1')
      .get() as { conversation: string; recording: string };
    const url = `/api/v1/reporting/conversations/${recording.conversation}/recordings/${recording.recording}/audio`;
    const before = assemblies;
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await admin(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('audio/wav');
        const body = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(body.length);
        return body;
      }),
    );
    expect(new Set(answers.map((wav) => wav.toString('base64'))).size).toBe(1);
    expect(answers[0]!.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(assemblies - before).toBe(1);
    // Asked again later: kept, not assembled again.
    await (await admin(url)).arrayBuffer();
    expect(assemblies - before).toBe(1);
  }, 120_000);

  test('parallel requests for every recording with audio each get their own, whole', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const recordings = server.server.db
      .prepare('SELECT c.uuid AS conversation, r.uuid AS recording, r.duration_seconds AS seconds FROM conversation_recordings r JOIN conversations c ON c.id = r.conversation_id WHERE r.has_audio = 1')
      .all() as { conversation: string; recording: string; seconds: number }[];
    expect(recordings.length).toBeGreaterThan(1);
    await Promise.all(
      recordings.map(async (r) => {
        const response = await admin(`/api/v1/reporting/conversations/${r.conversation}/recordings/${r.recording}/audio`);
        expect(response.status).toBe(200);
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.length).toBe(44 + 2 * 22_050 * Math.max(1, Math.min(600, Math.round(r.seconds))));
      }),
    );
  }, 120_000);
});
