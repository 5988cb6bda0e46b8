/**
 * `npm run seed:scale -- <count>`: migrates and seeds the database at DB_FILE (default
 * server/data/portal.sqlite, like the server) and grows its conversations to <count> rows.
 * See server/db/scaleSeed.ts for what the rows look like.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrations';
import { seedScale } from '../server/db/scaleSeed';
import { migrations } from '../server/db/schema';
import { seed } from '../server/db/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const raw = (process.argv[2] ?? '').replace(/[_,]/g, '');
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(count) || count < 1) {
    console.error('usage: npm run seed:scale -- <count>   (e.g. 1000000; DB_FILE picks the database)');
    process.exit(2);
  }
  const file = path.resolve(root, process.env.DB_FILE || 'server/data/portal.sqlite');
  const db = openDatabase(file);
  try {
    migrate(db, migrations);
    await seed(db);
    const started = performance.now();
    const result = seedScale(db, count, Date.now(), (done, total) => {
      process.stdout.write(`\r${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} rows`);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\n${file}: ${result.total.toLocaleString('en-US')} conversations (${result.inserted.toLocaleString('en-US')} added, ` +
        `${result.sampled.toLocaleString('en-US')} with transcript, log, usage and turn timings, ` +
        `${result.evaluations.toLocaleString('en-US')} evaluations) in ${seconds} s\n`,
    );
  } finally {
    db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
