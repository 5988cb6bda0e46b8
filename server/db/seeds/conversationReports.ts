import type { Database } from '../connection';
import { SCENARIOS } from './conversationScenarios';
import { pick, seededRandom } from './random';
import { layOutSpeech } from './speech/speechLayout';

/**
 * The report behind each seeded conversation: who handled it (role, instance, bot, contact,
 * disposition), a transcript, a recording, a log, the actions it ran, quotes, usage lines and
 * collected data. Runs after every other area's seeder (last in server/db/seeds.ts) so the
 * resource rows it links to exist; where a resource table is missing or empty the link stays
 * NULL rather than pointing at an invented id.
 */

const LANGUAGES = ['en-US', 'en-US', 'en-GB', 'es-US'] as const;
const ACTION_NAMES = [
  { name: 'Send SMS confirmation', kind: 'sms' },
  { name: 'Create CRM ticket', kind: 'webhook' },
  { name: 'Email summary', kind: 'email' },
  { name: 'Transfer to agent', kind: 'transfer' },
] as const;

// Rates of the usage lines: the conversation's cost is their sum, so list and usage agree.
const RATES = { messaging: 0.0025, telephony: 0.0085, stt: 0.006, tts: 0.000016, llmIn: 0.0000025, llmOut: 0.00001 } as const;

function tableExists(db: Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Ids of `table` rows per account (empty when the table does not exist yet). */
function idsByAccount(db: Database, table: string, nullableAccount = false): (accountId: number) => number[] {
  if (!tableExists(db, table)) return () => [];
  const rows = db.prepare(`SELECT id, account_id FROM ${table} ORDER BY id`).all() as { id: number; account_id: number | null }[];
  return (accountId) => rows.filter((r) => r.account_id === accountId || (nullableAccount && r.account_id === null)).map((r) => r.id);
}

/** `h:mm:ss.s`, the transcript time format of the telephony side. */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${s.toFixed(1).padStart(4, '0')}`;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function seedConversationReports(db: Database): void {
  const random = seededRandom(4242);
  const conversations = db
    .prepare('SELECT id, uuid, account_id, channel, started_at, duration_seconds, letter_grade, phone_number FROM conversations ORDER BY id')
    .all() as { id: number; uuid: string; account_id: number; channel: string; started_at: string; duration_seconds: number; letter_grade: string | null; phone_number: string | null }[];

  const roles = idsByAccount(db, 'roles', true);
  const instances = idsByAccount(db, 'instances');
  const contacts = idsByAccount(db, 'contacts');
  const dispositions = idsByAccount(db, 'dispositions');
  const actions = idsByAccount(db, 'actions');
  // A disposition whose label says what happened in the scenario, when the account has one.
  const dispositionByLabel = tableExists(db, 'dispositions')
    ? db.prepare('SELECT id FROM dispositions WHERE account_id = ? AND label = ? ORDER BY id LIMIT 1')
    : undefined;
  const botOfInstance = tableExists(db, 'instances')
    ? db.prepare('SELECT bot_id FROM instances WHERE id = ?')
    : undefined;

  const link = db.prepare(
    `UPDATE conversations SET role_id = ?, instance_id = COALESCE(instance_id, ?), bot_id = COALESCE(bot_id, ?),
       contact_id = COALESCE(contact_id, ?), disposition_id = COALESCE(disposition_id, ?), summary = ?, cost = ? WHERE id = ?`,
  );
  const stretch = db.prepare('UPDATE conversations SET duration_seconds = ?, ended_at = ? WHERE id = ?');
  const insertLine = db.prepare('INSERT INTO conversation_transcript_lines (conversation_id, position, role, text, time) VALUES (?, ?, ?, ?, ?)');
  const insertRecording = db.prepare(
    'INSERT INTO conversation_recordings (uuid, conversation_id, label, has_audio, duration_seconds, tone_hz, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertLog = db.prepare('INSERT INTO conversation_logs (conversation_id, level, event, message, logged_at) VALUES (?, ?, ?, ?, ?)');
  const insertAction = db.prepare(
    'INSERT INTO conversation_actions (conversation_id, action_id, name, kind, status, detail, executed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertQuote = db.prepare('INSERT INTO conversation_quotes (uuid, conversation_id, role, text, time, sentiment) VALUES (?, ?, ?, ?, ?, ?)');
  const insertUsage = db.prepare('INSERT INTO conversation_usage (conversation_id, item, quantity, unit, unit_cost, cost) VALUES (?, ?, ?, ?, ?, ?)');
  const insertData = db.prepare('INSERT INTO conversation_data (conversation_id, key, value) VALUES (?, ?, ?)');

  let quoteCounter = 0;
  for (const c of conversations) {
    const scenario = pick(random, SCENARIOS);
    const started = Date.parse(c.started_at);
    const at = (offsetSeconds: number) => new Date(started + Math.round(offsetSeconds * 1000)).toISOString();
    const voice = c.channel === 'voice';

    // Transcript. A call's lines are where its recording speaks them (speech/speechLayout.ts:
    // the recording is synthesised from these very times); a chat's are spread over its length.
    let times: number[];
    let recordingSeconds = 0;
    if (voice) {
      const speech = layOutSpeech(scenario.lines.map(([speaker, text]) => ({ speaker, text })), random);
      times = speech.starts;
      recordingSeconds = speech.seconds;
      // A call is never shorter than what was said in it.
      if (recordingSeconds > c.duration_seconds) {
        c.duration_seconds = recordingSeconds;
        stretch.run(recordingSeconds, at(recordingSeconds), c.id);
      }
    } else {
      const step = c.duration_seconds / (scenario.lines.length + 1);
      times = scenario.lines.map((_, i) => round(step * (i + 0.5) + random() * step * 0.4, 1));
    }
    scenario.lines.forEach(([role, text], i) => insertLine.run(c.id, i + 1, role, text, clock(times[i] as number)));

    if (voice) {
      // About one recording in seven is past its retention: listed, but without audio.
      const hasAudio = random() >= 0.15 ? 1 : 0;
      insertRecording.run(
        `00000000-0000-4000-9000-${String(c.id).padStart(12, '0')}`,
        c.id,
        'Call recording',
        hasAudio,
        recordingSeconds,
        300 + Math.floor(random() * 400),
        at(c.duration_seconds),
      );
    }

    // Log: what the platform recorded while the conversation ran.
    insertLog.run(c.id, 'info', voice ? 'call.started' : 'chat.started', voice ? `Inbound audio connected from ${c.phone_number ?? 'unknown'}` : 'Chat session opened', at(0));
    if (voice) insertLog.run(c.id, 'debug', 'asr.connected', 'Speech recognition stream ready', at(0.4));
    insertLog.run(c.id, 'info', 'llm.response', `First response in ${Math.round(300 + random() * 900)} ms`, at(times[0] ?? 1));
    if (random() < 0.2) insertLog.run(c.id, 'warning', 'llm.retry', 'Model call timed out; retried once', at(c.duration_seconds / 2));
    if (c.letter_grade === 'F') insertLog.run(c.id, 'error', 'tool.failed', 'A tool call returned an error; the bot apologised', at(c.duration_seconds * 0.7));
    insertLog.run(c.id, 'info', voice ? 'call.ended' : 'chat.ended', `Conversation ended after ${c.duration_seconds} s`, at(c.duration_seconds));

    // Actions the bot ran.
    const actionIds = actions(c.account_id);
    const actionCount = Math.floor(random() * 3);
    for (let i = 0; i < actionCount; i += 1) {
      const action = pick(random, ACTION_NAMES);
      const status = random() < 0.85 ? 'succeeded' : 'failed';
      insertAction.run(
        c.id,
        actionIds.length ? pick(random, actionIds) : null,
        action.name,
        action.kind,
        status,
        status === 'succeeded' ? `${action.name} completed` : `${action.name} failed: upstream answered 502`,
        at(c.duration_seconds * (0.6 + i * 0.15)),
      );
    }

    // Quotes: notable things the caller said, each with its own uuid.
    const userLines = scenario.lines.map((line, i) => ({ line, i })).filter(({ line }) => line[0] === 'user');
    const quoteCount = 1 + Math.floor(random() * 2);
    for (const { line, i } of userLines.slice(0, quoteCount)) {
      quoteCounter += 1;
      const sentiment = /thank|great|relief|perfect/i.test(line[1]) ? 'positive' : /frustrat|cancel|twice|finally/i.test(line[1]) ? 'negative' : 'neutral';
      insertQuote.run(`00000000-0000-4000-a000-${String(quoteCounter).padStart(12, '0')}`, c.id, 'user', line[1], clock(times[i] as number), sentiment);
    }

    // Usage lines; their sum is the conversation's cost.
    const minutes = round(c.duration_seconds / 60, 2);
    const words = scenario.lines.reduce((n, [, text]) => n + text.length, 0);
    const tokensIn = 400 + Math.floor(random() * 1600);
    const tokensOut = 80 + Math.floor(random() * 400);
    const usage: Array<[string, number, string, number]> = [];
    if (voice) {
      usage.push(['Telephony', minutes, 'minutes', RATES.telephony]);
      usage.push(['Speech to text', minutes, 'minutes', RATES.stt]);
      usage.push(['Text to speech', words, 'characters', RATES.tts]);
    } else {
      usage.push(['Chat messages', scenario.lines.length, 'messages', RATES.messaging]);
    }
    usage.push(['LLM input tokens', tokensIn, 'tokens', RATES.llmIn]);
    usage.push(['LLM output tokens', tokensOut, 'tokens', RATES.llmOut]);
    let total = 0;
    for (const [item, quantity, unit, unitCost] of usage) {
      const cost = round(quantity * unitCost, 4);
      total += cost;
      insertUsage.run(c.id, item, quantity, unit, unitCost, cost);
    }

    // Data the bot collected.
    insertData.run(c.id, 'intent', scenario.intent);
    insertData.run(c.id, 'language', pick(random, LANGUAGES));
    insertData.run(c.id, 'callback_requested', scenario.disposition === 'Callback scheduled' ? 'yes' : 'no');
    if (random() < 0.5) insertData.run(c.id, 'crm_ticket', `TCK-${10000 + c.id}`);

    const roleIds = roles(c.account_id);
    const instanceIds = instances(c.account_id);
    const instanceId = instanceIds.length ? pick(random, instanceIds) : null;
    const botId = instanceId !== null && botOfInstance ? ((botOfInstance.get(instanceId) as { bot_id: number | null } | undefined)?.bot_id ?? null) : null;
    const contactIds = contacts(c.account_id);
    const dispositionIds = dispositions(c.account_id);
    const matching = dispositionByLabel?.get(c.account_id, scenario.disposition) as { id: number } | undefined;
    link.run(
      roleIds.length ? pick(random, roleIds) : null,
      instanceId,
      botId,
      contactIds.length ? pick(random, contactIds) : null,
      matching ? matching.id : dispositionIds.length ? pick(random, dispositionIds) : null,
      scenario.summary,
      round(total, 2),
      c.id,
    );
  }
}
