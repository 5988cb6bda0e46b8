import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { EvaluationBody } from '../../src/api/review';
import type { ApplicableScorecard, Evaluation } from '../../src/api/schemas/review';
import { createEvaluationMachine, type EvaluationApi } from '../../src/machines/evaluation';
import { evaluationApi, evaluationSelectors as is } from '../../src/machines/evaluation.api';
import { createReviewQueueMachine } from '../../src/machines/reviewQueue';
import { reviewQueueApi, reviewQueueSelectors as queueIs } from '../../src/machines/reviewQueue.api';

const items = [
  { id: '11', position: 1, question: 'Greeted?', kind: 'yes_no' as const, allow_na: false, weight: 10, critical: false },
  { id: '12', position: 2, question: 'Empathy', kind: 'scale' as const, allow_na: false, weight: 30, critical: true },
];
const scorecard: ApplicableScorecard = { id: '5', name: 'Basics', description: null, version: 1, items };

function evaluation(over: Partial<Evaluation>): Evaluation {
  return {
    id: '100', conversation_uuid: 'c-1', scorecard_id: '5', scorecard_name: 'Basics', scorecard_version: 1, revision: 1, status: 'draft',
    reviewer: { id: '1', name: 'Avery' }, editable: true, comment: null, score: null, letter_grade: null, critical_failed: false, current: false,
    answers: [], items, created_at: null, updated_at: null, submitted_at: null, ...over,
  } as Evaluation;
}

/** A fake review backend: records every save body, fails when told. */
function fakeApi(start: { evaluations?: Evaluation[]; failLoad?: unknown } = {}) {
  const saves: { id: string | null; body: EvaluationBody }[] = [];
  let failNext: unknown = null;
  let revision = Math.max(0, ...(start.evaluations ?? []).map((e) => e.revision));
  const api: EvaluationApi = {
    conversationScorecards: async () => {
      if (start.failLoad) throw start.failLoad;
      return [scorecard];
    },
    evaluations: async () => start.evaluations ?? [],
    startEvaluation: async (_conversation, _scorecard, body) => {
      saves.push({ id: null, body });
      if (failNext) throw failNext;
      revision += 1;
      return evaluation({ id: `e${revision}`, revision, status: body.status, current: body.status === 'submitted', editable: body.status === 'draft' });
    },
    saveEvaluation: async (id, body) => {
      saves.push({ id, body });
      if (failNext) throw failNext;
      return evaluation({ id, revision, status: body.status, current: body.status === 'submitted', editable: body.status === 'draft' });
    },
  };
  return { api, saves, failWith: (error: unknown) => (failNext = error) };
}

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

function start(api: EvaluationApi) {
  const actor = createActor(createEvaluationMachine(api)).start();
  stops.push(() => actor.stop());
  return { actor, send: evaluationApi(actor) };
}

describe('evaluation flow', () => {
  test('choosing → draft → saving → draft: the answers go to the server and stay on screen', async () => {
    const backend = fakeApi();
    const { actor, send } = start(backend.api);
    send.open('c-1');
    await waitFor(actor, is.choosing);
    expect(is.scorecards(actor.getSnapshot())).toEqual([scorecard]);
    send.choose('5');
    expect(is.editing(actor.getSnapshot())).toBe(true);
    send.answer('11', 'yes');
    send.answer('12', '4');
    send.commentOn('12', 'Warm tone');
    send.saveDraft();
    expect(is.saving(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => is.editing(s) && !is.busy(s));
    expect(backend.saves[0]).toEqual({ id: null, body: { answers: { 11: { value: 'yes', comment: null }, 12: { value: '4', comment: 'Warm tone' } }, comment: null, status: 'draft' } });
    expect(is.saved(actor.getSnapshot())).toBe(true);
    // The next save continues the same draft.
    send.saveDraft();
    await waitFor(actor, (s) => is.editing(s) && !is.busy(s));
    expect(backend.saves[1]!.id).toBe('e1');
  });

  test('one save at a time: a second save or submit while saving sends nothing; an answer given meanwhile is kept for the next save', async () => {
    const backend = fakeApi();
    const { actor, send } = start(backend.api);
    send.open('c-1');
    await waitFor(actor, is.choosing);
    send.choose('5');
    send.answer('11', 'yes');
    send.saveDraft();
    send.saveDraft();
    send.submit();
    send.answer('12', '3');
    await waitFor(actor, (s) => is.editing(s) && !is.busy(s));
    expect(backend.saves).toHaveLength(1);
    expect(is.submitted(actor.getSnapshot())).toBe(false);
    expect(is.answers(actor.getSnapshot())).toEqual({ 11: { value: 'yes', comment: '' }, 12: { value: '3', comment: '' } });
    send.submit();
    await waitFor(actor, is.submitted);
    expect(backend.saves[1]!.body).toMatchObject({ status: 'submitted', answers: { 11: { value: 'yes' }, 12: { value: '3' } } });
  });

  test('a failed save keeps every answer, says why, and a retry sends them all again', async () => {
    const backend = fakeApi();
    const { actor, send } = start(backend.api);
    send.open('c-1');
    await waitFor(actor, is.choosing);
    send.choose('5');
    send.answer('11', 'no');
    send.answer('12', '1');
    backend.failWith(new ApiError({ status: 422, detail: 'A comment is required when a critical question fails.', fieldErrors: { 'answers.12.comment': ['A comment is required when a critical question fails.'] } }));
    send.submit();
    await waitFor(actor, is.failed);
    const failed = actor.getSnapshot();
    expect(is.editing(failed)).toBe(true);
    expect(is.answers(failed)).toEqual({ 11: { value: 'no', comment: '' }, 12: { value: '1', comment: '' } });
    expect(is.fieldErrors(failed)['answers.12.comment']).toEqual(['A comment is required when a critical question fails.']);
    // Still editable while failed; the retry carries the comment and every answer.
    send.commentOn('12', 'Never asked how the caller felt');
    backend.failWith(null);
    send.submit();
    await waitFor(actor, is.submitted);
    expect(backend.saves.at(-1)!.body).toEqual({
      answers: { 11: { value: 'no', comment: null }, 12: { value: '1', comment: 'Never asked how the caller felt' } },
      comment: null,
      status: 'submitted',
    });
    expect(is.evaluations(actor.getSnapshot()).map((e) => [e.revision, e.status, e.current])).toEqual([[1, 'submitted', true]]);
  });

  test('submitted → re-score: a new revision, the old one kept', async () => {
    const backend = fakeApi({ evaluations: [evaluation({ id: 'e1', status: 'submitted', editable: false, current: true, score: 90, letter_grade: 'A' })] });
    const { actor, send } = start(backend.api);
    send.open('c-1');
    await waitFor(actor, is.submitted);
    send.rescore();
    expect(is.choosing(actor.getSnapshot())).toBe(true);
    send.choose('5');
    expect(is.answers(actor.getSnapshot())).toEqual({});
    send.answer('11', 'yes');
    send.answer('12', '5');
    send.submit();
    await waitFor(actor, is.submitted);
    expect(backend.saves.at(-1)!.id).toBeNull();
    expect(is.evaluations(actor.getSnapshot()).map((e) => [e.id, e.revision, e.current])).toEqual([['e2', 2, true], ['e1', 1, false]]);
  });

  test('an own draft on the server is continued with its answers', async () => {
    const draft = evaluation({ id: 'd9', answers: [{ item_id: '11', value: 'yes', comment: null }] });
    const { actor } = start(fakeApi({ evaluations: [draft] }).api);
    evaluationApi(actor).open('c-1');
    await waitFor(actor, (s) => is.editing(s));
    expect(is.answers(actor.getSnapshot())).toEqual({ 11: { value: 'yes', comment: '' } });
    expect(is.saved(actor.getSnapshot())).toBe(true);
  });

  test('a backend without evaluations (404 on first use) is unavailable, not failed', async () => {
    const { actor, send } = start(fakeApi({ failLoad: new ApiError({ status: 404, detail: 'Not Found.' }) }).api);
    send.open('c-1');
    await waitFor(actor, (s) => !is.loading(s));
    expect(is.unavailable(actor.getSnapshot())).toBe(true);
    expect(is.failed(actor.getSnapshot())).toBe(false);
    const other = start(fakeApi({ failLoad: new ApiError({ status: 500, detail: 'API Error, please try again.' }) }).api);
    other.send.open('c-1');
    await waitFor(other.actor, is.failed);
  });
});

describe('review queue', () => {
  test('next keeps the list filters and reports the conversation found; none left is empty', async () => {
    const calls: unknown[] = [];
    let answer: string | null = 'c-2';
    const actor = createActor(createReviewQueueMachine({ nextNotEvaluated: async (query, current) => (calls.push([query, current]), answer), evaluations: async () => [] })).start();
    stops.push(() => actor.stop());
    const queue = reviewQueueApi(actor);
    const found: string[] = [];
    queue.onFound((id) => found.push(id));
    queue.keepFilters({ grades: ['B'], filter: { channel: 'voice' } });
    queue.next('c-1');
    expect(queueIs.busy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => !queueIs.busy(s));
    expect(found).toEqual(['c-2']);
    expect(calls).toEqual([[{ grades: ['B'], filter: { channel: 'voice' } }, 'c-1']]);
    answer = null;
    queue.next('c-2');
    await waitFor(actor, queueIs.empty);
    expect(found).toEqual(['c-2']);
  });

  test('a backend that cannot filter by evaluation makes the queue unavailable', async () => {
    const actor = createActor(createReviewQueueMachine({ nextNotEvaluated: async () => { throw new ApiError({ status: 422, detail: 'x' }); }, evaluations: async () => [] })).start();
    stops.push(() => actor.stop());
    reviewQueueApi(actor).next('c-1');
    await waitFor(actor, queueIs.failed);
    const missing = createActor(createReviewQueueMachine({ nextNotEvaluated: async () => { throw new ApiError({ status: 405, detail: 'x' }); }, evaluations: async () => [] })).start();
    stops.push(() => missing.stop());
    reviewQueueApi(missing).next('c-1');
    await waitFor(missing, queueIs.unavailable);
    expect(queueIs.supported(missing.getSnapshot())).toBe(false);
  });

  test('support: asked once with a listed conversation; 404/405 hides the review filters for the session, another failure keeps them and asks again', async () => {
    const probe = (answers: (() => Promise<never[]>)[]) => {
      const asked: string[] = [];
      const actor = createActor(createReviewQueueMachine({ nextNotEvaluated: async () => null, evaluations: async (id) => (asked.push(id), answers.shift()!()) })).start();
      stops.push(() => actor.stop());
      return { actor, asked, queue: reviewQueueApi(actor) };
    };
    const fail = (status: number) => async () => { throw new ApiError({ status, detail: 'x' }); };

    const has = probe([async () => []]);
    expect(queueIs.supported(has.actor.getSnapshot())).toBe(false);
    has.queue.checkSupport('c-1');
    await waitFor(has.actor, queueIs.supported);
    has.queue.checkSupport('c-2');
    expect(has.asked).toEqual(['c-1']);

    const lacks = probe([fail(404)]);
    lacks.queue.checkSupport('c-1');
    await waitFor(lacks.actor, queueIs.unavailable);
    lacks.queue.checkSupport('c-2');
    expect(lacks.asked).toEqual(['c-1']);
    expect(queueIs.supported(lacks.actor.getSnapshot())).toBe(false);

    const flaky = probe([fail(500), fail(405)]);
    flaky.queue.checkSupport('c-1');
    await waitFor(flaky.actor, queueIs.supported);
    flaky.queue.checkSupport('c-2');
    await waitFor(flaky.actor, queueIs.unavailable);
    expect(flaky.asked).toEqual(['c-1', 'c-2']);
  });
});
