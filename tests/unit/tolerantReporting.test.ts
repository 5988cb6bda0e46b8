import { afterEach, describe, expect, test, vi } from 'vitest';
import { parsePayload, readList, readRecord } from '../../src/api/envelope';
import { ApiError, DEFAULT_ERROR_TEXT } from '../../src/api/errors';
import { globalTotalsSchema } from '../../src/api/globalTotals';
import {
  activeSchema,
  breakdownSchema,
  conversationDataSchema,
  conversationSchema,
  dataListSchema,
  entityStatisticsSchema,
  quoteSchema,
  rankingSchema,
  recordingSchema,
  timeseriesSchema,
  transcriptLineSchema,
  usageSummarySchema,
} from '../../src/api/schemas/reporting';
import { resetErrorReporter, setErrorReporter } from '../../src/observability/report';

/**
 * Reporting bodies (statistics, breakdowns, time series, a conversation and its parts) as another
 * SPEC backend may send them: SPEC says their shapes are "not shown", so only ids, the uuids and
 * the envelopes are strict (docs/contract-tolerance.md).
 */
const page = (data: unknown[]) => ({
  data,
  links: { first: 'http://x/api/v1/reporting/roles?page=1', last: null, prev: null, next: null },
  meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: data.length, total: data.length },
});

/** A conversation as a Laravel resource may shape it: numeric strings, a loaded relation, no nulls, extra keys. */
const laravelConversation = {
  id: '12',
  uuid: 'c-12',
  account_id: '1',
  role_id: { id: 3, name: 'Support' },
  instance_id: '4',
  channel: 'voice',
  direction: 'inbound',
  status: 'completed',
  started_at: '2025-01-15T10:00:00.000000Z',
  duration_seconds: '672.00',
  cost: '1.25',
  counts: { recordings: '1', transcript: '12' },
  backend_extra: { source: 'variance' },
};

afterEach(() => {
  vi.restoreAllMocks();
  resetErrorReporter();
});

describe('reporting bodies in other SPEC-valid shapes are read', () => {
  test('a conversation: numeric strings, a relation as an object, absent nulls, extra keys', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const c = readRecord(conversationSchema, { data: laravelConversation });
    expect(c).toMatchObject({ id: '12', uuid: 'c-12', account_id: '1', role_id: '3', instance_id: '4', duration_seconds: 672, cost: 1.25, letter_grade: null, counts: { recordings: 1, transcript: 12 } });
    expect(c.ended_at).toBeUndefined();
    expect(c.backend_extra).toEqual({ source: 'variance' });
    expect(warn).not.toHaveBeenCalled();
  });

  test('statistics, a breakdown, a time series, rankings, active conversations and the dashboard totals', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const roles = readList(entityStatisticsSchema, page([{ id: '3', name: 'Support', conversations: '14', minutes: '31.50', cost: '9.10', grades: { A: '1', B: 2, C: 0, D: 0, F: 0 } }]));
    expect(roles.data[0]).toMatchObject({ id: '3', conversations: 14, minutes: 31.5, cost: 9.1, grade_score: null, average_grade: null, grades: { A: 1, B: 2, C: 0, D: 0, F: 0 } });

    const breakdown = readRecord(breakdownSchema, {
      data: { totals: { conversations: '3', minutes: '2.00', cost: '0.75' }, dispositions: [{ label: 'Sale', conversations: '2' }], timeseries: null, role: { id: 3, name: 'Support' } },
    });
    expect(breakdown).toMatchObject({ totals: { conversations: 3, minutes: 2, cost: 0.75 }, dispositions: [{ id: null, label: 'Sale', conversations: 2 }], channels: [], timeseries: [], role: { id: '3', name: 'Support' } });

    const series = readRecord(timeseriesSchema, { data: { interval: 'day', from: '2025-01-01', to: '2025-01-02', points: [{ date: '2025-01-01', conversations: '4', minutes: '1.5', cost: '0.10' }] } });
    expect(series.points[0]).toMatchObject({ conversations: 4, minutes: 1.5, cost: 0.1 });

    const rankings = parsePayload(dataListSchema(rankingSchema), { data: [{ rank: '1', role_id: { id: 3 }, name: 'Support', conversations: '14', grade_score: '3.50', average_grade: 'B' }] }).data;
    expect(rankings[0]).toMatchObject({ rank: 1, role_id: '3', conversations: 14, grade_score: 3.5, average_grade: 'B' });

    const active = readRecord(activeSchema, { data: { count: '1', conversations: [laravelConversation] } });
    expect(active.count).toBe(1);
    expect(active.conversations[0]?.cost).toBe(1.25);

    expect(readRecord(globalTotalsSchema, { data: { conversations: '1234', cost: '1093.40', minutes: null } })).toMatchObject({ conversations: 1234, cost: 1093.4 });
    expect(warn).not.toHaveBeenCalled();
  });

  test('a conversation’s parts: recordings, transcript, quotes, usage summary, collected data', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const recordings = parsePayload(dataListSchema(recordingSchema), { data: [{ uuid: 'r1', label: 'Call', has_audio: 1, duration_seconds: '60.00', created_at: '2025-01-15T10:00:00.000000Z', audio_seconds: '60' }] }).data;
    expect(recordings[0]).toMatchObject({ uuid: 'r1', has_audio: true, duration_seconds: 60, url: null, audio_seconds: 60 });
    // Laravel's natural shape says nothing of the audio: "not said" (null), not "gone" (issue 26).
    const laravel = parsePayload(dataListSchema(recordingSchema), { data: [{ uuid: 'r2', url: 'https://api.example/a.wav', duration: 70, mime_type: 'audio/wav', created_at: '2025-01-15T10:00:00.000000Z' }] }).data;
    expect(laravel[0]).toMatchObject({ uuid: 'r2', has_audio: null, url: 'https://api.example/a.wav' });
    const lines = parsePayload(dataListSchema(transcriptLineSchema), { data: [{ id: '1', position: '1', role: 'bot', text: 'Hello', time: '0:00:01' }] }).data;
    expect(lines[0]).toMatchObject({ position: 1, text: 'Hello' });
    const quotes = parsePayload(dataListSchema(quoteSchema), { data: [{ uuid: 'q1', role: 'user', text: 'Hi', time: '0:00:02', sentiment: null }] }).data;
    expect(quotes[0]?.sentiment).toBeUndefined();
    const usage = readRecord(usageSummarySchema, { data: { total_cost: '0.42', lines: [{ item: 'Speech', quantity: '3', unit: 'min', unit_cost: '0.14', cost: '0.42' }, { item: 'Tokens', quantity: '1849', unit: 'tokens', unit_cost: '1.25E-5', cost: '0.0231125' }] } });
    expect(usage).toMatchObject({ total_cost: 0.42, lines: [{ quantity: 3, unit_cost: 0.14, cost: 0.42 }, { unit_cost: 0.0000125, cost: 0.0231125 }] });
    expect(readRecord(conversationDataSchema, { data: { order: '42', paid: true, score: 3 } })).toEqual({ order: '42', paid: true, score: 3 });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('a reporting field that still fails degrades alone and is reported with its path', () => {
  test('a count that is not a number reads as 0, a label of another shape as its raw text; the rest renders', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reported: unknown[] = [];
    setErrorReporter((error, context) => reported.push({ error: String(error), context }));
    const list = readList(entityStatisticsSchema, page([{ id: 1, name: { first: 'Sup' }, conversations: 'many', minutes: 2, cost: 3 }, { id: 2, name: 'Sales', conversations: 5, minutes: 1, cost: 1 }]));
    expect(list.data[0]).toMatchObject({ id: '1', name: '{"first":"Sup"}', conversations: 0, minutes: 2, cost: 3 });
    expect(list.data[1]).toMatchObject({ id: '2', name: 'Sales', conversations: 5 });
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings).toEqual(expect.arrayContaining([expect.stringContaining('API field degraded at data[0].conversations'), expect.stringContaining('API field degraded at data[0].name')]));
    expect(reported).toEqual(expect.arrayContaining([expect.objectContaining({ context: expect.objectContaining({ path: 'data[0].conversations', received: 'string' }) })]));
  });

  test('a breakdown part of the wrong shape is an empty list; an unknown grade is "no grade"; a data value object is raw text', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const breakdown = readRecord(breakdownSchema, { data: { totals: { conversations: 1, minutes: 1, cost: 1 }, dispositions: 'none', channels: [], timeseries: [] } });
    expect(breakdown.dispositions).toEqual([]);
    expect(readRecord(conversationSchema, { data: { ...laravelConversation, letter_grade: 'A+' } }).letter_grade).toBeNull();
    expect(readRecord(conversationDataSchema, { data: { order: '42', address: { city: 'Oslo' } } })).toEqual({ order: '42', address: '{"city":"Oslo"}' });
  });

  test('SPEC-defined parts stay strict: a conversation without its uuid fails with the path in the detail', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const withoutUuid: Record<string, unknown> = { ...laravelConversation };
    delete withoutUuid.uuid;
    let failure: unknown;
    try {
      readList(conversationSchema, page([laravelConversation, withoutUuid]));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ detail: DEFAULT_ERROR_TEXT });
    expect((failure as ApiError).serverDetail).toMatch(/^Unexpected response at data\[1\]\.uuid/);
  });
});
