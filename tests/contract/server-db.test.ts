import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/connection';
import { migrate } from '../../server/db/migrations';
import { migrations } from '../../server/db/schema';
import { DEMO_SIGN_INS, seed } from '../../server/db/seed';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';

describe('database lifecycle', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('migrations run once, are tracked by id in schema_migrations, and file databases use WAL', async () => {
    const file = path.join(dir, 'nested', 'portal.sqlite');
    const db = openDatabase(file);
    expect(migrate(db, migrations)).toEqual(migrations.map((m) => m.id));
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: migrations.length });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(await seed(db)).toBe(true);
    db.close();

    const again = openDatabase(file);
    expect(migrate(again, migrations)).toEqual([]);
    // Seeding never touches a database that already has data.
    again.prepare("UPDATE users SET name = 'Renamed' WHERE email = 'admin@example.com'").run();
    expect(await seed(again)).toBe(false);
    expect(again.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: DEMO_SIGN_INS.length });
    expect(again.prepare("SELECT name FROM users WHERE email = 'admin@example.com'").get()).toEqual({ name: 'Renamed' });
    again.close();
  });

  test('a database from a newer server is refused rather than corrupted', () => {
    const db = openDatabase(':memory:');
    migrate(db, [...migrations, { id: 'future-001', name: 'from a newer server', sql: 'CREATE TABLE future (a)' }]);
    expect(() => migrate(db, migrations)).toThrow(/does not know \(future-001\)/);
    db.close();
  });

  test('a failing migration leaves the previous state in place', () => {
    const db = openDatabase(':memory:');
    const broken = [...migrations, { id: 'broken-001', name: 'broken', sql: 'CREATE TABLE x (a); NOT SQL;' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: migrations.length });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'x'").get()).toBeUndefined();
    db.close();
  });

  test('passwords are stored as salted scrypt hashes, never in clear', async () => {
    const db = openDatabase(':memory:');
    migrate(db, migrations);
    await seed(db);
    const hashes = (db.prepare('SELECT password_hash FROM users').all() as { password_hash: string }[]).map((r) => r.password_hash);
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(new Set(hashes).size).toBe(hashes.length); // random salt per user
    db.close();
  });
});

describe('Laravel page window on long lists', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const insert = server.server.db.prepare('INSERT INTO accounts (name) VALUES (?)');
    for (let i = 1; i <= 27; i += 1) insert.run(`Extra ${String(i).padStart(2, '0')}`);
  });
  afterAll(() => server.close());

  test('30 pages: start, current ± 3, end, with "..." gaps', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    await client('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'password' } });
    const labels = async (page: number) => {
      const body = (await (await client(`/api/v1/accounts?show=1&page=${page}`)).json()) as { meta: { links: { label: string }[]; last_page: number } };
      expect(body.meta.last_page).toBe(30);
      return body.meta.links.map((l) => l.label).slice(1, -1).join(' ');
    };
    expect(await labels(1)).toBe('1 2 3 4 5 6 7 8 9 10 ... 29 30');
    expect(await labels(15)).toBe('1 2 ... 12 13 14 15 16 17 18 ... 29 30');
    expect(await labels(30)).toBe('1 2 ... 21 22 23 24 25 26 27 28 29 30');
  });
});
