import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Database } from './connection';

/** The search index seed:scale maintains (reporting-003, review-002). */
const SEARCH = 'conversations_search';
/** How long the load waits for the index once its own work is done. */
const WAIT_MS = 15 * 60_000;

/** What the worker needs to produce exactly the rows the load inserts. */
export interface SearchBuildInput {
  /** The statement that inserts a batch of generated rows into `conversations (id, uuid, phone_number, summary)`, reading `temp.scale_templates`. */
  rows: string;
  /** Its parameters, one object per batch (the load's own batches). */
  batches: Record<string, bigint>[];
}

export interface SearchBuild {
  /** Inside the load's transaction, its triggers suspended: waits for the index and puts it in place of the current one. */
  finish(): void;
  /** Ends the worker and deletes the scratch file (always, also after a failure). */
  dispose(): void;
}

/**
 * Starts building seed:scale's trigram search index in a worker (server/db/scaleSearchWorker.mjs)
 * over a scratch database, while the load goes on: the same index definition over the same
 * uuid, phone number and summary of every conversation, the existing ones (read here, before the
 * load writes) and the generated ones (the load's own statement and batches). Must be called
 * outside a transaction (it attaches the scratch file). `finish` swaps the index in: the virtual
 * table is dropped and created again (a fresh table object, nothing cached from the old index),
 * then its storage tables take the built rows. The whole swap is part of the load's transaction.
 */
export function startSearchBuild(db: Database, input: SearchBuildInput): SearchBuild {
  const searchSql = (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(SEARCH) as { sql: string }).sql;
  const file = path.join(os.tmpdir(), `scale-search-${process.pid}-${Date.now()}.sqlite`);
  const signal = new SharedArrayBuffer(4);
  const state = new Int32Array(signal);
  const { port1, port2 } = new MessageChannel();
  const templates = {
    columns: (db.prepare('SELECT name FROM pragma_table_info(?, ?)').pluck().all('scale_templates', 'temp') as string[]),
    rows: db.prepare('SELECT * FROM temp.scale_templates').raw().all(),
  };
  const existing = db.prepare('SELECT id, uuid, phone_number, summary FROM conversations').raw().all();
  // Attached first, while the file does not exist yet: ATTACH cannot run inside the load's
  // transaction, and reading the scratch schema later could wait on the worker's writes.
  db.prepare('ATTACH DATABASE ? AS scale_search').run(file);
  let attached = true;
  const worker = new Worker(new URL('./scaleSearchWorker.mjs', import.meta.url), {
    workerData: { file, searchSql, templates, existing, rows: input.rows, batches: input.batches, signal, port: port2 },
    transferList: [port2],
  });
  worker.unref();

  return {
    finish() {
      if (Atomics.wait(state, 0, 0, WAIT_MS) === 'timed-out') throw new Error(`seed:scale: the search index was not built within ${WAIT_MS / 60_000} minutes`);
      if (Atomics.load(state, 0) !== 1) {
        const message = receiveMessageOnPort(port1)?.message as string | undefined;
        throw new Error(`seed:scale: building the search index failed: ${message ?? 'the worker stopped'}`);
      }
      db.exec(`DROP TABLE main.${SEARCH}`);
      db.exec(searchSql);
      const shadows = db
        .prepare("SELECT name FROM scale_search.sqlite_master WHERE type = 'table' AND name LIKE ? ESCAPE '\\'")
        .pluck()
        .all(`${SEARCH.replace(/_/g, '\\_')}\\_%`) as string[];
      // Storage tables of a virtual table are read-only in SQLite's defensive mode (better-sqlite3's
      // default, which the server never leaves): lifted for these two statements per table only.
      db.unsafeMode(true);
      try {
        for (const shadow of shadows) db.exec(`DELETE FROM main."${shadow}"; INSERT INTO main."${shadow}" SELECT * FROM scale_search."${shadow}";`);
      } finally {
        db.unsafeMode(false);
      }
    },
    dispose() {
      if (attached) db.exec('DETACH DATABASE scale_search');
      attached = false;
      port1.close();
      void worker.terminate();
      for (const suffix of ['', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}
