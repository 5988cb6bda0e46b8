import type { Database } from '../connection';
import { pick, seededRandom } from './random';

const GRADES = ['A', 'A', 'B', 'B', 'B', 'C', 'C', 'D', 'F'] as const;
const DAY_MS = 86_400_000;

/** A month of finished conversations per account, so statistics have something to say. */
export function seedConversations(db: Database): void {
  const random = seededRandom(2026);
  const accounts = db.prepare('SELECT id FROM accounts ORDER BY id').all() as { id: number }[];
  const insert = db.prepare(`
    INSERT INTO conversations (uuid, account_id, channel, direction, status, phone_number, started_at, ended_at, duration_seconds, cost, letter_grade)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const now = Date.UTC(2026, 10, 20, 12, 0, 0);
  let counter = 0;
  for (const account of accounts) {
    for (let i = 0; i < 60; i += 1) {
      counter += 1;
      const started = now - Math.floor(random() * 30 * DAY_MS);
      const duration = 30 + Math.floor(random() * 900);
      const channel = random() < 0.7 ? 'voice' : 'chat';
      const uuid = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
      const phone = `1555${String(1000000 + Math.floor(random() * 8999999))}`;
      insert.run(
        uuid,
        account.id,
        channel,
        random() < 0.8 ? 'inbound' : 'outbound',
        'completed',
        channel === 'voice' ? phone : null,
        new Date(started).toISOString(),
        new Date(started + duration * 1000).toISOString(),
        duration,
        Math.round(duration * 0.0125 * 100) / 100,
        pick(random, GRADES),
      );
    }
  }
}
