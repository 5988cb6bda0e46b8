import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/connection';
import { migrate } from '../../server/db/migrations';
import { seedScale } from '../../server/db/scaleSeed';
import { migrations } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { signedInClient } from '../support/signedIn';

/**
 * Issue 19: an export must not stall other users. Measured against the server in its own
 * process (as it runs for real): a reader in the same process as the server shares its event
 * loop and hides the stall this guards against (a fast client's 'drain' ticks chaining chunk
 * after chunk without letting the loop accept another request).
 */

const ROWS = 40_000;
let dir: string;
let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'export-process-'));
  const file = path.join(dir, 'portal.sqlite');
  const db = openDatabase(file);
  migrate(db, migrations);
  await seed(db);
  seedScale(db, ROWS);
  db.close();
  child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/main.ts')], {
    env: { ...process.env, DB_FILE: file, PORT: '0', HOST: '127.0.0.1', LOG: '0', FRESH: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Agent portal:\s+(http:\/\/[^/\s]+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a streaming export beside other users (server in its own process)', () => {
  test('requests made while the export streams are answered before it ends', async () => {
    const admin = await signedInClient(origin, 'admin@example.com');
    const response = await admin('/api/v1/reporting/conversations?export=csv');
    expect(response.status).toBe(200);
    let exportDone = false;
    let lines = 0;
    const reading = (async () => {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      }
      exportDone = true;
    })();
    const answered: boolean[] = [];
    for (const url of ['/sanctum/csrf-cookie', '/sanctum/csrf-cookie', '/api/v1/reporting/conversations']) {
      const other = await admin(url);
      await other.arrayBuffer();
      expect(other.ok).toBe(true);
      answered.push(!exportDone);
    }
    await reading;
    expect(answered).toEqual([true, true, true]);
    expect(lines - 1).toBe(ROWS);
  }, 120_000);
});
