import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSeededImage, SEEDED_IMAGE_ENV } from '../../server/testing';

/**
 * Vitest globalSetup: builds the seeded database once for the whole run and hands its file to
 * the test processes (they inherit the environment), so no test server seeds again
 * (server/testing.ts). Every project names this file; the first one builds it.
 */
export default async function setup(): Promise<() => void> {
  if (process.env[SEEDED_IMAGE_ENV]) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
  const file = path.join(dir, 'seeded.sqlite');
  writeFileSync(file, await buildSeededImage());
  process.env[SEEDED_IMAGE_ENV] = file;
  return () => {
    delete process.env[SEEDED_IMAGE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
