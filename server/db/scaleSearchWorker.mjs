// seed:scale's search index, built beside the load (server/db/scaleSearchBuild.ts): a scratch
// database holds the conversations' searched columns (those that existed, then the generated
// rows) and the same trigram index over them; the load copies the finished index in. Tokenising
// a million rows is the load's largest step and needs none of its tables: here it runs on a
// second core while the load writes the rows and sorts their indexes.
// Plain JavaScript so it runs in a worker under tsx, Vitest and plain Node alike.
import { workerData } from 'node:worker_threads';

const { file, searchSql, templates, existing, rows, batches, signal } = workerData;
const state = new Int32Array(signal);
try {
  // Imported here: a driver that fails to load is reported to the load, not a silent crash.
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  // A scratch file: nothing to recover after a crash (the load then fails and rolls back).
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  db.exec('CREATE TABLE conversations (id INTEGER PRIMARY KEY, uuid TEXT, phone_number TEXT, summary TEXT)');
  db.exec(`CREATE TEMP TABLE scale_templates (${templates.columns.map((c) => `"${c}"`).join(', ')})`);
  db.transaction(() => {
    const template = db.prepare(`INSERT INTO temp.scale_templates VALUES (${templates.columns.map(() => '?').join(', ')})`);
    for (const row of templates.rows) template.run(row);
    const conversation = db.prepare('INSERT INTO conversations VALUES (?, ?, ?, ?)');
    for (const row of existing) conversation.run(row);
    const generate = db.prepare(rows);
    for (const batch of batches) generate.run(batch);
  })();
  db.exec(searchSql);
  db.exec("INSERT INTO conversations_search (conversations_search) VALUES ('rebuild')");
  db.close();
  Atomics.store(state, 0, 1);
} catch (error) {
  workerData.port.postMessage(error instanceof Error ? error.stack ?? error.message : String(error));
  Atomics.store(state, 0, 2);
}
Atomics.notify(state, 0);
