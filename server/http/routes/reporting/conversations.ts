import { Router, type Request } from 'express';
import { requestOrigin } from '../../site';
import type { AppContext } from '../../../context';
import { cachedStatement } from '../../../db/statements';
import { accountScope, inScope } from '../../../auth/accountScope';
import { requirePermission } from '../../../auth/permissions';
import { fieldError, notFound } from '../../errors';
import { sendWithRanges } from '../../byteRange';
import { exportFilename, sendAttachment, sendCsvExport, toCsv, wantsCsvExport } from '../../csv';
import { paginate } from '../../list';
import { sendRecord } from '../../record';
import { CONVERSATION_COLUMNS, conversationListSpec, conversationSource, type ConversationListExtra, type ConversationRow } from './conversationList';
import { gradeValues, idValues } from './shared';
import { audioSeconds, speechRecordingWav } from './wav';

const NOT_FOUND = 'Conversation not found.';
const transcriptSeconds = (time: string) => {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 100) / 100;
};

/** /api/v1/reporting/conversations and the grade / disposition lists of conversations. */
export function conversationRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;

  function listOrExport(req: Request, res: import('express').Response, name: string, extra: ConversationListExtra = {}) {
    const scope = accountScope(req, 'Reporting');
    const spec = conversationListSpec(req, db, scope, extra);
    if (wantsCsvExport(req)) {
      sendCsvExport(req, res, db, { name, spec, scope, fallbackColumns: CONVERSATION_COLUMNS });
      return;
    }
    res.json(paginate(req, db, spec, scope));
  }

  router.get('/reporting/conversations', requirePermission('Reporting', 'browse'), (req, res) => {
    listOrExport(req, res, 'conversations');
  });

  // SPEC §7: conversations of the given letter grades (`letter_grade[]=A` or `letter_grade=A,B`).
  router.get('/reporting/grades/conversations', requirePermission('Reporting', 'browse'), (req, res) => {
    const grades = gradeValues(req, 'letter_grade');
    if (grades.length === 0) throw fieldError('letter_grade', 'The letter grade field is required.');
    listOrExport(req, res, 'conversations-by-grade', { grades });
  });

  // SPEC §7: conversations of the given disposition ids (`ids[]=3`); `ids[]=none` is not a thing: no disposition → omit.
  router.get('/reporting/dispositions/conversations', requirePermission('Reporting', 'browse'), (req, res) => {
    const ids = idValues(req, 'ids');
    if (ids.length === 0) throw fieldError('ids', 'The ids field is required.');
    listOrExport(req, res, 'conversations-by-disposition', { dispositions: ids });
  });

  /** The conversation named by uuid or id, inside the caller's scope, else 404. */
  function conversationOf(req: Request): ConversationRow {
    const key = String(req.params.id ?? '');
    const source = conversationSource(db);
    const byId = /^[1-9]\d{0,15}$/.test(key);
    if (!byId && !/^[0-9a-f-]{36}$/i.test(key)) throw notFound(NOT_FOUND);
    const row = cachedStatement(db, `SELECT ${source.select} FROM ${source.from} WHERE ${byId ? 'c.id = ?' : 'c.uuid = ?'}`).get(byId ? Number(key) : key.toLowerCase()) as
      | ConversationRow
      | undefined;
    if (!row || !inScope(accountScope(req, 'Reporting'), row.account_id)) throw notFound(NOT_FOUND);
    return row;
  }

  const read = requirePermission('Reporting', 'read');
  // SPEC §3's own permission models for parts of a conversation: Reporting read opens the
  // conversation, and each of these needs its model's read as well.
  const readRecordings = requirePermission('Recordings', 'read');
  const readTranscripts = requirePermission('Transcripts', 'read');
  const readUsageSummaries = requirePermission('UsageSummaries', 'read');
  const readCallData = requirePermission('Call-Data', 'read');

  router.get('/reporting/conversations/:id', read, (req, res) => {
    const c = conversationOf(req);
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE conversation_id = ?`).get(c.id) as { n: number }).n;
    sendRecord(res, {
      ...c,
      counts: {
        recordings: count('conversation_recordings'),
        transcript: count('conversation_transcript_lines'),
        log: count('conversation_logs'),
        actions: count('conversation_actions'),
        quotes: count('conversation_quotes'),
      },
    });
  });

  router.get('/reporting/conversations/:id/recordings', read, readRecordings, (req, res) => {
    const c = conversationOf(req);
    const rows = db
      .prepare('SELECT uuid, label, has_audio, duration_seconds, created_at FROM conversation_recordings WHERE conversation_id = ? ORDER BY id')
      .all(c.id) as { uuid: string; label: string; has_audio: number; duration_seconds: number; created_at: string }[];
    const base = `${requestOrigin(req)}/api/v1/reporting/conversations/${c.uuid}/recordings`;
    res.json({
      data: rows.map((r) => ({
        uuid: r.uuid,
        label: r.label,
        has_audio: r.has_audio === 1,
        duration_seconds: r.duration_seconds,
        created_at: r.created_at,
        // Generated stand-in audio (see wav.ts); null when the audio is no longer kept.
        url: r.has_audio === 1 ? `${base}/${r.uuid}/audio` : null,
        audio_seconds: r.has_audio === 1 ? audioSeconds(r.duration_seconds) : null,
        mime_type: r.has_audio === 1 ? 'audio/wav' : null,
        generated: r.has_audio === 1,
      })),
    });
  });

  router.get('/reporting/conversations/:id/recordings/:recording/audio', read, readRecordings, async (req, res) => {
    const c = conversationOf(req);
    const recording = cachedStatement(db, 'SELECT duration_seconds FROM conversation_recordings WHERE conversation_id = ? AND uuid = ? AND has_audio = 1').get(c.id, String(req.params.recording)) as { duration_seconds: number } | undefined;
    if (!recording) throw notFound('Recording not found.');
    const wav = await speechRecordingWav(db, c.id, recording.duration_seconds);
    // A recording is as private as any signed-in answer: `no-store` (security.ts), not a copy kept
    // on disk by the browser after sign-out or by a shared machine's cache.
    sendWithRanges(req, res, wav, 'audio/wav');
  });

  router.get('/reporting/conversations/:id/data', read, readCallData, (req, res) => {
    const c = conversationOf(req);
    const rows = db.prepare('SELECT key, value FROM conversation_data WHERE conversation_id = ? ORDER BY key').all(c.id) as { key: string; value: string | null }[];
    sendRecord(res, Object.fromEntries(rows.map((r) => [r.key, r.value])));
  });

  router.get('/reporting/conversations/:id/log', read, (req, res) => {
    const c = conversationOf(req);
    res.json({ data: db.prepare('SELECT id, level, event, message, logged_at FROM conversation_logs WHERE conversation_id = ? ORDER BY logged_at, id').all(c.id) });
  });

  router.get('/reporting/conversations/:id/actions', read, (req, res) => {
    const c = conversationOf(req);
    res.json({
      data: db.prepare('SELECT id, action_id, name, kind, status, detail, executed_at FROM conversation_actions WHERE conversation_id = ? ORDER BY executed_at, id').all(c.id),
    });
  });

  // Quotes are transcript lines: Transcripts read, as for the transcript itself.
  router.get('/reporting/conversations/:id/quotes', read, readTranscripts, (req, res) => {
    const c = conversationOf(req);
    res.json({ data: db.prepare('SELECT uuid, role, text, time, sentiment FROM conversation_quotes WHERE conversation_id = ? ORDER BY id').all(c.id) });
  });

  router.get('/reporting/conversations/:id/usage-summary', read, readUsageSummaries, (req, res) => {
    const c = conversationOf(req);
    const lines = db.prepare('SELECT item, quantity, unit, unit_cost, cost FROM conversation_usage WHERE conversation_id = ? ORDER BY id').all(c.id) as {
      cost: number;
    }[];
    const total = Math.round(lines.reduce((sum, line) => sum + line.cost, 0) * 100) / 100;
    sendRecord(res, { currency: 'USD', duration_seconds: c.duration_seconds, total_cost: total, lines });
  });

  router.get('/reporting/conversations/:id/transcript', read, readTranscripts, (req, res) => {
    const c = conversationOf(req);
    const lines = db.prepare('SELECT id, position, role, text, time, at, ttfb_ms FROM conversation_transcript_lines WHERE conversation_id = ? ORDER BY position').all(c.id) as {
      position: number;
      role: string;
      text: string;
      time: string;
      /** A live chat's lines (chat-001): when it was said, and a bot reply's time to first byte. */
      at: string | null;
      ttfb_ms: number | null;
    }[];
    const format = req.query.export;
    if (format === undefined || format === '') {
      // `at` and `ttfb_ms` only where known (chat lines), so telephony transcripts read as before.
      res.json({ data: lines.map(({ at, ttfb_ms, ...line }) => ({ ...line, ...(at !== null ? { at } : {}), ...(ttfb_ms !== null ? { ttfb_ms } : {}) })) });
      return;
    }
    const name = `conversation-${c.uuid}-transcript`;
    if (format === 'txt') {
      const speaker = (role: string) => (role === 'bot' ? 'Bot' : role === 'user' ? 'Caller' : 'System');
      const body = lines.map((l) => `[${l.time}] ${speaker(l.role)}: ${l.text}`).join('\r\n');
      sendAttachment(res, exportFilename(name, 'txt'), 'text/plain; charset=utf-8', `${body}\r\n`);
      return;
    }
    if (format === 'csv') {
      const records = lines.map((l) => ({ position: l.position, time: l.time, seconds: transcriptSeconds(l.time).toFixed(2), role: l.role, text: l.text }));
      sendAttachment(res, exportFilename(name, 'csv'), 'text/csv; charset=utf-8', toCsv(records, ['position', 'time', 'seconds', 'role', 'text']));
      return;
    }
    throw fieldError('export', 'The selected export is invalid.');
  });

  return router;
}
