import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { spokenSeconds } from '../../server/db/seeds/speech/speechLayout';
import { scoreEvaluation } from '../../src/format/evaluationScore';
import { signedInClient } from '../support/signedIn';

/**
 * docs/review-contract.md over real HTTP against the reference API: scorecard items and
 * versions, evaluations (draft, failed submit, submit, re-score), permissions, notes, timings,
 * the review queue's filters and the new statistics.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server.url, 'admin@example.com');
});
afterAll(async () => {
  await server.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function json(response: Response | Promise<Response>): Promise<{ status: number; body: Json }> {
  const r = await response;
  return { status: r.status, body: r.status === 204 ? {} : ((await r.json()) as Json) };
}

/** A second Acme reviewer with the Staff role (signs in with the demo password). */
async function secondReviewer(email: string) {
  const { db } = server.server;
  const hash = (db.prepare("SELECT password_hash FROM users WHERE email = 'admin@example.com'").get() as { password_hash: string }).password_hash;
  const account = (db.prepare("SELECT id FROM accounts WHERE name = 'Acme Support'").get() as { id: number }).id;
  const id = Number(
    db.prepare("INSERT INTO users (account_id, name, email, password_hash, email_verified_at) VALUES (?, 'Rita Reviewer', ?, ?, '2026-01-01T00:00:00.000Z')").run(account, email, hash).lastInsertRowid,
  );
  const staff = (db.prepare("SELECT id FROM roles WHERE name = 'Staff'").get() as { id: number }).id;
  db.prepare('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)').run(id, staff);
  return signedInClient(server.url, email);
}

/** A conversation of Acme not evaluated yet, with scorecards that apply. */
async function unevaluatedWithScorecards(client = admin, skip: string[] = []) {
  const list = await json(client('/api/v1/reporting/conversations?filter[evaluation]=none&account_id=1&show=100'));
  for (const row of list.body.data as Json[]) {
    if (skip.includes(row.uuid)) continue;
    const cards = await json(client(`/api/v1/reporting/conversations/${row.uuid}/scorecards`));
    const card = (cards.body.data as Json[]).find((c) => c.items.length >= 2);
    if (card) return { uuid: row.uuid as string, card };
  }
  throw new Error('no unevaluated conversation with a scorecard');
}

const goodAnswer = (item: Json) => (item.kind === 'yes_no' ? 'yes' : '5');

describe('evaluations (reference API)', () => {
  test('draft, a failed submit that keeps the answers, submit: the conversation grade follows; a re-score adds a revision', async () => {
    const { uuid, card } = await unevaluatedWithScorecards();
    const [first, second] = card.items as Json[];
    const created = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers: { [first!.id]: { value: goodAnswer(first!) } } } }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'draft', revision: 1, editable: true, scorecard_version: card.version, reviewer: { name: 'Avery Admin' } });

    // Submitting with an unanswered item: 422 naming that item; the draft keeps its answer.
    const failed = await json(admin(`/api/v1/reporting/evaluations/${created.body.data.id}`, { method: 'PATCH', json: { status: 'submitted' } }));
    expect(failed.status).toBe(422);
    expect(failed.body.errors[`answers.${second!.id}.value`]).toEqual(['Answer this question.']);
    const kept = await json(admin(`/api/v1/reporting/evaluations/${created.body.data.id}`));
    expect(kept.body.data.status).toBe('draft');
    expect(kept.body.data.answers).toContainEqual({ item_id: first!.id, value: goodAnswer(first!), comment: null });

    const answers = Object.fromEntries((card.items as Json[]).map((item) => [item.id, { value: goodAnswer(item) }]));
    const submitted = await json(admin(`/api/v1/reporting/evaluations/${created.body.data.id}`, { method: 'PATCH', json: { answers, status: 'submitted' } }));
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', score: 100, letter_grade: 'A', current: true, editable: false });
    const conversation = await json(admin(`/api/v1/reporting/conversations/${uuid}`));
    expect(conversation.body.data).toMatchObject({ letter_grade: 'A', evaluation_score: 100 });

    // A submitted evaluation is never changed.
    const again = await json(admin(`/api/v1/reporting/evaluations/${created.body.data.id}`, { method: 'PATCH', json: { comment: 'changed' } }));
    expect(again.status).toBe(422);
    expect(again.body.errors.status).toBeDefined();

    // Re-score: a second revision, submitted at once with a worse answer; the first stays as it was.
    const worse = { ...answers, [first!.id]: { value: first!.kind === 'yes_no' ? 'no' : '1', comment: 'Missed it.' } };
    const rescored = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers: worse, status: 'submitted' } }));
    expect(rescored.status).toBe(201);
    const expected = scoreEvaluation(card.items, (id) => worse[String(id)]?.value);
    expect(rescored.body.data).toMatchObject({ revision: 2, status: 'submitted', score: expected.score, letter_grade: expected.letter_grade, current: true });
    const all = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`));
    expect((all.body.data as Json[]).map((e) => [e.revision, e.current, e.score])).toEqual([[2, true, expected.score], [1, false, 100]]);
    expect((await json(admin(`/api/v1/reporting/conversations/${uuid}`))).body.data.letter_grade).toBe(expected.letter_grade);
  });

  test('a failed critical item needs a comment, fails the evaluation, and an N/A only where allowed', async () => {
    const { uuid, card } = await unevaluatedWithScorecards();
    const { db } = server.server;
    const [critical, other] = card.items as Json[];
    db.prepare('UPDATE scorecard_items SET critical = 1, allow_na = 0 WHERE id = ?').run(critical!.id);
    const answers = { [critical!.id]: { value: critical!.kind === 'yes_no' ? 'no' : '1' }, [other!.id]: { value: goodAnswer(other!) } };
    for (const item of (card.items as Json[]).slice(2)) answers[item.id] = { value: goodAnswer(item) };
    const refused = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers, status: 'submitted' } }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[`answers.${critical!.id}.comment`]).toEqual(['A comment is required when a critical question fails.']);
    // Nothing was created by the failed submit.
    expect((await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`))).body.data).toEqual([]);

    const na = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers: { [critical!.id]: { value: 'na' } } } }));
    expect(na.status).toBe(422);
    expect(na.body.errors[`answers.${critical!.id}.value`]).toEqual(['This question cannot be answered N/A.']);

    answers[critical!.id] = { ...answers[critical!.id]!, comment: 'Identity was never checked.' } as never;
    const ok = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers, status: 'submitted' } }));
    expect(ok.body.data).toMatchObject({ score: 0, letter_grade: 'F', critical_failed: true });
  });

  test('who may evaluate is checked by the API: read-only users get 403, another reviewer cannot touch my draft', async () => {
    const viewer = await signedInClient(server.url, 'viewer@example.com');
    const row = (await json(viewer('/api/v1/reporting/conversations?show=1'))).body.data[0] as Json;
    expect((await json(viewer(`/api/v1/reporting/conversations/${row.uuid}/evaluations`))).status).toBe(200);
    const post = await json(viewer(`/api/v1/reporting/conversations/${row.uuid}/evaluations`, { method: 'POST', json: { scorecard_id: 1 } }));
    expect(post.status).toBe(403);

    const { uuid, card } = await unevaluatedWithScorecards();
    const mine = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id } }));
    const rita = await secondReviewer('rita@example.com');
    const theirs = await json(rita(`/api/v1/reporting/evaluations/${mine.body.data.id}`, { method: 'PATCH', json: { comment: 'mine now' } }));
    expect(theirs.status).toBe(403);
    expect((await json(rita(`/api/v1/reporting/evaluations/${mine.body.data.id}`))).body.data.editable).toBe(false);
    // A second draft of mine on the same conversation is refused: continue the first.
    const twice = await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id } }));
    expect(twice.status).toBe(422);
    expect(twice.body.errors.evaluation).toBeDefined();
  });

  test('scorecard items: editing a version evaluations used makes a new one; old evaluations keep their items', async () => {
    const { uuid, card } = await unevaluatedWithScorecards();
    const answers = Object.fromEntries((card.items as Json[]).map((item) => [item.id, { value: goodAnswer(item) }]));
    await admin(`/api/v1/reporting/conversations/${uuid}/evaluations`, { method: 'POST', json: { scorecard_id: card.id, answers, status: 'submitted' } });
    const edited = await json(admin(`/api/v1/scorecards/${card.id}/items`, { method: 'PUT', json: { items: [{ question: 'Was the caller greeted by name?', kind: 'yes_no', weight: 10, critical: true }] } }));
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ version: card.version + 1, versioned: true, items: [{ question: 'Was the caller greeted by name?', critical: true, allow_na: false }] });
    const old = (await json(admin(`/api/v1/reporting/conversations/${uuid}/evaluations`))).body.data[0] as Json;
    expect(old.scorecard_version).toBe(card.version);
    expect(old.items.map((i: Json) => i.question)).toEqual((card.items as Json[]).map((i) => i.question));
    const versions = await json(admin(`/api/v1/scorecards/${card.id}/versions`));
    expect((versions.body.data as Json[]).map((v) => [v.version, v.current])).toEqual([[card.version + 1, true], [card.version, false]]);
    // Unused: edited in place, no new version.
    const inPlace = await json(admin(`/api/v1/scorecards/${card.id}/items`, { method: 'PUT', json: { items: [{ question: 'Greeted?', kind: 'yes_no', weight: 10 }] } }));
    expect(inPlace.body.data).toMatchObject({ version: card.version + 1, versioned: false });
    const bad = await json(admin(`/api/v1/scorecards/${card.id}/items`, { method: 'PUT', json: { items: [{ question: '', kind: 'maybe', weight: 500 }] } }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['items.0.kind', 'items.0.question', 'items.0.weight']);
  });
});

describe('notes, timings, queue filters, statistics (reference API)', () => {
  test('notes pin to a line (its time) or a moment; only their author edits or deletes them', async () => {
    // Acme's: the second reviewer's account (another account's conversation is a 404 to them).
    const row = (await json(admin('/api/v1/reporting/conversations?filter[channel]=voice&account_id=1&show=1'))).body.data[0] as Json;
    const lines = (await json(admin(`/api/v1/reporting/conversations/${row.uuid}/transcript`))).body.data as Json[];
    const line = lines[2]!;
    const onLine = await json(admin(`/api/v1/reporting/conversations/${row.uuid}/notes`, { method: 'POST', json: { body: 'Too slow here', line_id: line.id } }));
    expect(onLine.status).toBe(201);
    const [h, m, s] = (line.time as string).split(':').map(Number);
    expect(onLine.body.data).toMatchObject({ line_id: line.id, seconds: h! * 3600 + m! * 60 + s!, editable: true });
    const atMoment = await json(admin(`/api/v1/reporting/conversations/${row.uuid}/notes`, { method: 'POST', json: { body: 'Noise', seconds: 3.5 } }));
    expect(atMoment.body.data).toMatchObject({ line_id: null, seconds: 3.5 });
    const nowhere = await json(admin(`/api/v1/reporting/conversations/${row.uuid}/notes`, { method: 'POST', json: { body: 'Where?' } }));
    expect(nowhere.status).toBe(422);

    const rita = await secondReviewer('rita2@example.com');
    expect((await json(rita(`/api/v1/reporting/notes/${onLine.body.data.id}`, { method: 'PATCH', json: { body: 'hijack' } }))).status).toBe(403);
    expect((await json(rita(`/api/v1/reporting/notes/${onLine.body.data.id}`, { method: 'DELETE' }))).status).toBe(403);
    const edited = await json(admin(`/api/v1/reporting/notes/${onLine.body.data.id}`, { method: 'PATCH', json: { body: 'Slow answer here' } }));
    expect(edited.body.data.body).toBe('Slow answer here');
    expect((await json(admin(`/api/v1/reporting/notes/${atMoment.body.data.id}`, { method: 'DELETE' }))).status).toBe(204);
    const notes = (await json(admin(`/api/v1/reporting/conversations/${row.uuid}/notes`))).body.data as Json[];
    expect(notes.map((n) => n.body)).toContain('Slow answer here');
    expect(notes.map((n) => n.body)).not.toContain('Noise');
  });

  test('a voice turn’s latency is the gap the synthesised recording has: the caller’s last word to the bot’s first', async () => {
    const row = (await json(admin('/api/v1/reporting/conversations?filter[channel]=voice&show=1'))).body.data[0] as Json;
    const lines = (await json(admin(`/api/v1/reporting/conversations/${row.uuid}/transcript`))).body.data as Json[];
    const timings = (await json(admin(`/api/v1/reporting/conversations/${row.uuid}/timings`))).body.data as Json[];
    expect(timings.length).toBeGreaterThan(0);
    const seconds = (time: string) => time.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
    for (const turn of timings) {
      const index = lines.findIndex((l) => l.id === turn.line_id);
      const caller = lines[index - 1]!;
      expect(caller.role).toBe('user');
      const gap = seconds(lines[index]!.time) - (seconds(caller.time) + spokenSeconds('user', caller.text));
      expect(Math.abs(turn.latency_ms - gap * 1000)).toBeLessThanOrEqual(1);
      const { stt_ms, llm_ms, tts_ms, tool_ms } = turn.stages;
      expect(stt_ms + llm_ms + tts_ms + (tool_ms ?? 0)).toBe(turn.latency_ms);
    }
  });

  test('the conversations list filters by evaluation state and score range', async () => {
    const evaluated = await json(admin('/api/v1/reporting/conversations?filter[evaluation]=evaluated&show=100'));
    expect(evaluated.body.data.length).toBeGreaterThan(0);
    expect((evaluated.body.data as Json[]).every((c) => c.evaluation_score !== null)).toBe(true);
    const none = await json(admin('/api/v1/reporting/conversations?filter[evaluation]=none&show=100'));
    expect((none.body.data as Json[]).every((c) => c.evaluation_score === null)).toBe(true);
    const all = await json(admin('/api/v1/reporting/conversations?show=1'));
    expect(evaluated.body.meta.total + none.body.meta.total).toBe(all.body.meta.total);
    const high = await json(admin('/api/v1/reporting/conversations?filter[score_min]=90&filter[score_max]=100&show=100'));
    expect((high.body.data as Json[]).every((c) => c.evaluation_score >= 90 && c.letter_grade === 'A')).toBe(true);
    const mine = await json(admin('/api/v1/reporting/conversations?filter[evaluation]=mine&show=100'));
    expect(mine.body.meta.total).toBeGreaterThan(0);
    const rita = await secondReviewer('rita3@example.com');
    expect((await json(rita('/api/v1/reporting/conversations?filter[evaluation]=mine'))).body.meta.total).toBe(0);
    expect((await json(admin('/api/v1/reporting/conversations?filter[evaluation]=maybe'))).status).toBe(422);
    expect((await json(admin('/api/v1/reporting/conversations?filter[score_min]=101'))).status).toBe(422);
  });

  test('latency p50/p90 per bot per day and average score per role, instance and bot, with CSV exports', async () => {
    const latency = await json(admin('/api/v1/reporting/latency?from=2026-10-15&to=2026-11-21'));
    expect(latency.status).toBe(200);
    const bots = latency.body.data.bots as Json[];
    expect(bots.length).toBeGreaterThan(1);
    for (const bot of bots) {
      expect(bot.points).toHaveLength(38);
      expect(bot.p90_ms).toBeGreaterThanOrEqual(bot.p50_ms);
      expect(bot.points.reduce((n: number, p: Json) => n + p.turns, 0)).toBe(bot.turns);
    }
    for (const by of ['role', 'instance', 'bot']) {
      const scores = await json(admin(`/api/v1/reporting/evaluation-scores?by=${by}&from=2026-10-15&to=2026-11-21`));
      expect(scores.body.data.by).toBe(by);
      const groups = scores.body.data.groups as Json[];
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) expect(g.average_score).toBeGreaterThanOrEqual(0);
    }
    expect((await json(admin('/api/v1/reporting/evaluation-scores?by=constructor'))).status).toBe(422);
    const csv = await admin('/api/v1/reporting/latency?from=2026-11-01&to=2026-11-02&export=csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="latency-\d{4}-\d{2}-\d{2}\.csv"/);
    expect((await csv.text()).split('\r\n')[0]).toBe('bot_id,bot_name,date,turns,p50_ms,p90_ms');
  });
});
