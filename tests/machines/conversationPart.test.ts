import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { Note, TurnTiming } from '../../src/api/schemas/review';
import { createNotesMachine, type NotesApi } from '../../src/machines/conversationNotes';
import { notesApi, notesSelectors as is } from '../../src/machines/conversationNotes.api';
import { createTurnTimingsMachine } from '../../src/machines/turnTimings';
import { turnTimingsApi, turnTimingsSelectors as timingsIs } from '../../src/machines/turnTimings.api';

/** The conversation part statechart (conversationPart.ts) as notes (with writes) and as timings (read only). */

const note = (id: string, seconds: number, body = `note ${id}`): Note =>
  ({ id, line_id: null, seconds, body, author: { id: '1', name: 'Ada' }, editable: true, created_at: null, updated_at: null }) as Note;

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

function notesWith(overrides: Partial<NotesApi> = {}) {
  const calls: string[] = [];
  const api: NotesApi = {
    notes: async () => [note('2', 9), note('1', 3)],
    pinNote: async (_c, body) => (calls.push(`pin ${body.body}`), note('3', 5, body.body)),
    editNote: async (id, body) => (calls.push(`edit ${id}`), note(id, 3, body)),
    deleteNote: async (id) => void calls.push(`delete ${id}`),
    ...overrides,
  };
  const actor = createActor(createNotesMachine(api)).start();
  stops.push(() => actor.stop());
  return { actor, calls, send: notesApi(actor) };
}

describe('conversation parts', () => {
  test('notes: loaded in time order; pin, edit, delete one at a time, each announced; a failed write says why and the next one goes', async () => {
    let fail = false;
    const { actor, calls, send } = notesWith({
      pinNote: async (_c, body) => {
        if (fail) throw new ApiError({ status: 500, detail: 'API Error, please try again.' });
        return note('3', 5, body.body);
      },
    });
    const written: string[] = [];
    send.onWritten((event) => written.push(`${event.write.kind} ${event.item?.id ?? '-'}`));
    send.open('c-1');
    await waitFor(actor, is.ready);
    expect(is.notes(actor.getSnapshot()).map((n) => n.id)).toEqual(['1', '2']);

    send.pinToLine('l1', 'Hello');
    send.remove('1');
    expect(is.busy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => !is.busy(s));
    expect(is.notes(actor.getSnapshot()).map((n) => n.id)).toEqual(['1', '3', '2']);
    expect(calls).toEqual([]);
    send.edit('1', 'Changed');
    await waitFor(actor, (s) => !is.busy(s));
    send.remove('2');
    await waitFor(actor, (s) => !is.busy(s));
    expect(calls).toEqual(['edit 1', 'delete 2']);
    expect(is.notes(actor.getSnapshot()).map((n) => n.body)).toEqual(['Changed', 'Hello']);
    expect(written).toEqual(['pin 3', 'edit 1', 'delete -']);

    fail = true;
    send.pinToMoment(4, 'Lost?');
    await waitFor(actor, is.writeFailed);
    expect(is.failedWrite(actor.getSnapshot())).toEqual({ kind: 'pin', body: 'Lost?', seconds: 4 });
    expect(is.error(actor.getSnapshot())?.detail).toBe('API Error, please try again.');
    fail = false;
    send.pinToMoment(4, 'Lost?');
    await waitFor(actor, (s) => !is.busy(s) && !is.writeFailed(s));
    expect(written.at(-1)).toBe('pin 3');
  });

  test('a backend without the call (404/405) leaves the part unavailable; another failure can be retried', async () => {
    const missing = notesWith({ notes: async () => { throw new ApiError({ status: 405, detail: 'x' }); } });
    missing.send.open('c-1');
    await waitFor(missing.actor, is.unavailable);
    let tries = 0;
    const flaky = notesWith({ notes: async () => { tries += 1; if (tries === 1) throw new ApiError({ status: 500, detail: 'x' }); return []; } });
    flaky.send.open('c-1');
    await waitFor(flaky.actor, is.failed);
    flaky.send.retry();
    await waitFor(flaky.actor, is.ready);
  });

  test('timings: read only, in the server’s order; a new conversation empties them first', async () => {
    const turns = (n: number) => [{ line_id: `l${n}`, position: n, time: null, latency_ms: 700 + n, stages: { stt_ms: null, llm_ms: null, tts_ms: null, tool_ms: null } }] as TurnTiming[];
    const actor = createActor(createTurnTimingsMachine({ timings: async (id) => turns(id === 'c-1' ? 3 : 1) })).start();
    stops.push(() => actor.stop());
    const send = turnTimingsApi(actor);
    send.open('c-1');
    await waitFor(actor, timingsIs.ready);
    expect(timingsIs.turns(actor.getSnapshot())).toEqual(turns(3));
    send.open('c-2');
    expect(timingsIs.turns(actor.getSnapshot())).toEqual([]);
    await waitFor(actor, timingsIs.ready);
    expect(timingsIs.turns(actor.getSnapshot())).toEqual(turns(1));
  });
});
