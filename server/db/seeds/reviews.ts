import type { Database } from '../connection';
import { failsItem, type AnswerValue } from '../../../src/format/evaluationScore';
import { applicableScorecards, createEvaluation, saveEvaluation, type AnswerInput, type ReviewedConversation } from '../../review/evaluations';
import { ensureVersion, insertItems, itemsOf, type NewItem, type ScorecardItem } from '../../review/scorecardItems';
import { transcriptTimeSeconds } from '../../review/timings';
import { pick, seededRandom } from './random';
import { spokenSeconds } from './speech/speechLayout';
import { speakerOf } from './speech/voices';

/**
 * Review demo data (issue 29): items for every scorecard, per-turn timings for every
 * conversation, and evaluations and pinned notes for about a third of them. Runs after
 * seedConversationReports (transcripts, links). Deterministic like every seeder.
 *
 * A voice turn's latency is where the synthesised recording puts it: from the end of the
 * caller's line (its start plus its spoken length, speech/speechLayout.ts) to the start of the
 * bot's answer, so the player and the timeline agree to the millisecond.
 */

/** Items that fail the whole evaluation when failed (contact-centre practice: identity, disclosures, courtesy). */
const CRITICAL = new Set(['Identity verified', 'Disclosures read', 'Polite language', 'Charges explained']);

export function itemsFromCriteria(criteria: readonly { label: string; weight: number }[]): NewItem[] {
  return criteria.map(({ label, weight }) => {
    const kind = weight >= 30 ? 'scale' : 'yes_no';
    return { question: kind === 'yes_no' ? `${label}?` : label, kind, allow_na: kind === 'yes_no' && weight <= 20, weight, critical: CRITICAL.has(label) };
  });
}

function seedItems(db: Database): void {
  const scorecards = db.prepare('SELECT id, criteria FROM scorecards WHERE id NOT IN (SELECT scorecard_id FROM scorecard_versions) ORDER BY id').all() as { id: number; criteria: string }[];
  for (const s of scorecards) {
    ensureVersion(db, s.id, 1);
    let criteria: { label: string; weight: number }[] = [];
    try {
      criteria = JSON.parse(s.criteria) as typeof criteria;
    } catch {
      criteria = [];
    }
    insertItems(db, s.id, 1, itemsFromCriteria(criteria.filter((c) => typeof c?.label === 'string')));
  }
}

interface Line {
  id: number;
  position: number;
  role: string;
  text: string;
  time: string;
}

const LOOKUP = /let me check|i see|i have|your order|unlocked|emailed/i;

function seedTimings(db: Database, random: () => number, c: ReviewedConversation & { channel: string }, lines: readonly Line[]): void {
  const insert = db.prepare(
    `INSERT INTO conversation_turn_timings (conversation_id, line_id, position, latency_ms, stt_ms, llm_ms, tts_ms, tool_ms, account_id, bot_id, day)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const voice = c.channel === 'voice';
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (line.role !== 'bot' || previous?.role !== 'user') return;
    const tool = LOOKUP.test(line.text);
    let latency: number;
    if (voice) {
      const callerStops = transcriptTimeSeconds(previous.time) + spokenSeconds(speakerOf(previous.role), previous.text);
      latency = Math.max(0, Math.round((transcriptTimeSeconds(line.time) - callerStops) * 1000));
    } else {
      latency = Math.round(600 + random() * 1400 + (tool ? 400 + random() * 1600 : 0));
    }
    const stt = voice ? Math.round(latency * (0.18 + random() * 0.1)) : null;
    const tts = voice ? Math.round(latency * (0.12 + random() * 0.08)) : null;
    const toolMs = tool ? Math.round((latency - (stt ?? 0) - (tts ?? 0)) * (0.3 + random() * 0.2)) : null;
    const llm = latency - (stt ?? 0) - (tts ?? 0) - (toolMs ?? 0);
    insert.run(c.id, line.id, line.position, latency, stt, llm, tts, toolMs, c.account_id, c.bot_id ?? 0, c.started_at.slice(0, 10));
  });
}

const QUALITY: Record<string, number> = { A: 0.97, B: 0.85, C: 0.72, D: 0.6, F: 0.35 };

function answersFor(random: () => number, items: readonly ScorecardItem[], quality: number, failCritical: boolean): Record<string, AnswerInput> {
  const answers: Record<string, AnswerInput> = {};
  let failed = false;
  for (const item of items) {
    let value: AnswerValue;
    if (failCritical && item.critical && !failed) {
      value = item.kind === 'yes_no' ? 'no' : '2';
      failed = true;
    } else if (item.allow_na && random() < 0.1) value = 'na';
    else if (item.kind === 'yes_no') value = random() < quality ? 'yes' : 'no';
    else value = String(Math.min(5, Math.max(item.critical ? 3 : 1, Math.round(1 + 4 * quality + (random() - 0.5) * 1.6)))) as AnswerValue;
    if (item.critical && !failCritical && failsItem(item.kind, value)) value = item.kind === 'yes_no' ? 'yes' : '3';
    const comment = failsItem(item.kind, value) ? (item.critical ? `Critical: “${item.question}” was missed; coach the bot on it.` : null) : null;
    answers[String(item.id)] = { value, comment };
  }
  return answers;
}

const NOTES_ON_LINES = [
  'Good recovery here: the bot confirmed the detail before acting.',
  'The caller had to wait for this answer; check the tool call.',
  'Tone is right; keep this phrasing in the prompt.',
  'Should have offered a callback at this point.',
];
const NOTES_ON_AUDIO = ['Background noise from here on.', 'Caller talks over the bot here.', 'Silence before the caller answers.'];

/**
 * Evaluates a conversation so that its score lands on the letter it already has: seeded
 * statistics keep their figures, and the grade still follows the latest submitted evaluation.
 */
function seedEvaluation(db: Database, random: () => number, c: ReviewedConversation, letter: string, reviewer: { id: number; name: string }, status: 'draft' | 'submitted'): number | null {
  const scorecards = applicableScorecards(db, c).filter((s) => itemsOf(db, s.id, s.version).length > 0);
  if (scorecards.length === 0) return null;
  const scorecard = pick(random, scorecards);
  const items = itemsOf(db, scorecard.id, scorecard.version);
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const answers = answersFor(random, items, QUALITY[letter] ?? 0.8, letter === 'F' && attempt % 2 === 0);
    const id = createEvaluation(db, c, scorecard, reviewer);
    saveEvaluation(db, id, { answers, comment: status === 'draft' ? null : `Reviewed against ${scorecard.name}.` });
    const { letter_grade: got } = db.prepare('SELECT letter_grade FROM conversation_evaluations WHERE id = ?').get(id) as { letter_grade: string | null };
    if (status === 'draft' || got === letter) {
      if (status === 'submitted') saveEvaluation(db, id, { status: 'submitted' });
      return id;
    }
    db.prepare('DELETE FROM conversation_evaluations WHERE id = ?').run(id);
  }
  return null;
}

export function seedReviews(db: Database): void {
  const random = seededRandom(2929);
  seedItems(db);
  const conversations = db
    .prepare('SELECT id, uuid, account_id, role_id, instance_id, bot_id, started_at, duration_seconds, channel, letter_grade FROM conversations ORDER BY id')
    .all() as (ReviewedConversation & { channel: string; letter_grade: string | null })[];
  const linesOf = db.prepare('SELECT id, position, role, text, time FROM conversation_transcript_lines WHERE conversation_id = ? ORDER BY position');
  // Who reviews: the administrators, and each account's staff (their roles may add Evaluations).
  const reviewers = db
    .prepare(
      `SELECT DISTINCT u.id, u.name, u.account_id, u.is_admin FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN role_permissions rp ON rp.role_id = ur.role_id
       WHERE rp.model = 'Evaluations' AND rp."add" = 1 AND u.email_verified_at IS NOT NULL ORDER BY u.id`,
    )
    .all() as { id: number; name: string; account_id: number | null; is_admin: number }[];
  const insertNote = db.prepare('INSERT INTO conversation_notes (conversation_id, author_id, author_name, line_id, seconds, body) VALUES (?, ?, ?, ?, ?, ?)');

  for (const c of conversations) {
    const lines = linesOf.all(c.id) as Line[];
    seedTimings(db, random, c, lines);
    const mayReview = reviewers.filter((r) => r.is_admin === 1 || r.account_id === c.account_id);
    if (mayReview.length === 0 || !c.letter_grade || random() >= 0.35) continue;
    const first = pick(random, mayReview);
    const evaluated = seedEvaluation(db, random, c, c.letter_grade, first, random() < 0.1 ? 'draft' : 'submitted');
    if (evaluated === null) continue;
    // Some conversations were re-scored by a second reviewer: two revisions, the latest counts.
    if (random() < 0.15) seedEvaluation(db, random, c, c.letter_grade, pick(random, mayReview), 'submitted');
    const botLines = lines.filter((l) => l.role === 'bot');
    if (botLines.length > 1) {
      const line = pick(random, botLines.slice(1));
      insertNote.run(c.id, first.id, first.name, line.id, transcriptTimeSeconds(line.time), pick(random, NOTES_ON_LINES));
    }
    if (c.channel === 'voice' && random() < 0.5) {
      insertNote.run(c.id, first.id, first.name, null, Math.round(random() * Math.max(1, c.duration_seconds - 1) * 10) / 10, pick(random, NOTES_ON_AUDIO));
    }
  }
}
