import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { accountScope, inScope } from '../../../auth/accountScope';
import { requirePermission } from '../../../auth/permissions';
import { nowIso } from '../../../db/connection';
import { transcriptTimeSeconds } from '../../../review/timings';
import { fieldError, notFound, unauthorized } from '../../errors';
import { decimal, optionalId, requiredString } from '../../fields';
import { idParam, sendRecord } from '../../record';
import { validateBody } from '../../validation';
import { reviewedConversation, reviewer } from './conversation';

/** Notes a conversation may hold: a bound on every list and loop. */
const MAX_NOTES = 500;
const NOT_FOUND = 'Note not found.';

const create = z.object({
  body: requiredString(2000),
  line_id: optionalId,
  seconds: decimal(0, 86_400).nullable().optional(),
});
const update = z.object({ body: requiredString(2000) });

interface NoteRow {
  id: number;
  conversation_id: number;
  author_id: number | null;
  author_name: string;
  line_id: number | null;
  seconds: number;
  body: string;
  created_at: string;
  updated_at: string;
}

const noteOf = (row: NoteRow, viewerId: number) => ({
  id: row.id,
  conversation_id: row.conversation_id,
  line_id: row.line_id,
  seconds: row.seconds,
  body: row.body,
  author: { id: row.author_id, name: row.author_name },
  // Authors edit and delete only their own notes.
  editable: row.author_id === viewerId,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * Notes pinned to a transcript line or a moment of the audio (docs/review-contract.md).
 * Model `Evaluations`: read to see them, add to pin one; only the author edits or deletes it.
 */
export function noteRoutes(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx;
  const byId = db.prepare('SELECT * FROM conversation_notes WHERE id = ?');

  router.get('/reporting/conversations/:id/notes', requirePermission('Evaluations', 'read'), (req, res) => {
    const c = reviewedConversation(db, req);
    const me = reviewer(req).id;
    const rows = db.prepare(`SELECT * FROM conversation_notes WHERE conversation_id = ? ORDER BY seconds, id LIMIT ${MAX_NOTES}`).all(c.id) as NoteRow[];
    res.json({ data: rows.map((row) => noteOf(row, me)) });
  });

  router.post('/reporting/conversations/:id/notes', requirePermission('Evaluations', 'add'), (req, res) => {
    const c = reviewedConversation(db, req);
    const input = validateBody(req, create);
    const me = reviewer(req);
    let seconds = input.seconds ?? null;
    if (input.line_id) {
      const line = db.prepare('SELECT time FROM conversation_transcript_lines WHERE id = ? AND conversation_id = ?').get(input.line_id, c.id) as { time: string } | undefined;
      if (!line) throw fieldError('line_id', 'The selected line is not in this conversation’s transcript.');
      seconds = transcriptTimeSeconds(line.time);
    }
    if (seconds === null) throw fieldError('line_id', 'Pin the note to a line of the transcript or a moment of the recording.');
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM conversation_notes WHERE conversation_id = ?').get(c.id) as { n: number };
    if (n >= MAX_NOTES) throw fieldError('body', `A conversation holds at most ${MAX_NOTES} notes.`);
    const id = Number(
      db.prepare('INSERT INTO conversation_notes (conversation_id, author_id, author_name, line_id, seconds, body) VALUES (?, ?, ?, ?, ?, ?)')
        .run(c.id, me.id, me.name, input.line_id ?? null, seconds, input.body).lastInsertRowid,
    );
    sendRecord(res, noteOf(byId.get(id) as NoteRow, me.id), 201);
  });

  /** The note `:note` names, of a conversation in scope, written by the caller (else 404 / 403). */
  function ownNote(req: Request): NoteRow {
    const row = byId.get(idParam(req.params.note, NOT_FOUND)) as NoteRow | undefined;
    const account = row && (db.prepare('SELECT account_id FROM conversations WHERE id = ?').get(row.conversation_id) as { account_id: number }).account_id;
    if (!row || !inScope(accountScope(req, 'Reporting'), account ?? null)) throw notFound(NOT_FOUND);
    if (row.author_id !== reviewer(req).id) throw unauthorized();
    return row;
  }

  router.patch('/reporting/notes/:note', requirePermission('Evaluations', 'add'), (req, res) => {
    const row = ownNote(req);
    const { body } = validateBody(req, update);
    db.prepare('UPDATE conversation_notes SET body = ?, updated_at = ? WHERE id = ?').run(body, nowIso(), row.id);
    sendRecord(res, noteOf(byId.get(row.id) as NoteRow, reviewer(req).id));
  });

  router.delete('/reporting/notes/:note', requirePermission('Evaluations', 'add'), (req, res) => {
    const row = ownNote(req);
    db.prepare('DELETE FROM conversation_notes WHERE id = ?').run(row.id);
    res.status(204).end();
  });

  return router;
}
