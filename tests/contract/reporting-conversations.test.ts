import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { transcriptTimeToSeconds } from '../../src/format/transcriptTime';
import { startTestServer, type TestServer } from '../../server/testing';
import { reportingClient } from './reporting-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const ACME = '1';
const GLOBEX = '2';

describe('conversations list (real HTTP, portal schemas)', () => {
  test('a page of conversations, newest first, with names and the list envelope', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const list = await api.conversations({ show: 5 });
    expect(list.data).toHaveLength(5);
    expect(list.meta.total).toBe(180);
    const started = list.data.map((c) => c.started_at);
    expect([...started].sort().reverse()).toEqual(started);
    expect(list.data[0]).toMatchObject({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), role_name: expect.any(String), account_name: expect.any(String) });
  });

  test('filter[uuid] takes several uuids at once: a page of feedback names its conversations in one call', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const some = (await api.conversations({ show: 3 })).data.map((c) => c.uuid);
    const found = await api.conversations({ filter: { uuid: [...some, '00000000-0000-4000-8000-ffffffffffff'].join(',') }, show: 100 });
    expect(new Set(found.data.map((c) => c.uuid))).toEqual(new Set(some));
  });

  test('grades[] keeps only those letter grades; the by-grade endpoint agrees', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const filtered = await api.conversations({ grades: ['A', 'F'], show: 100 });
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(new Set(filtered.data.map((c) => c.letter_grade))).toEqual(new Set(['A', 'F']));
    const byGrade = await api.conversationsByGrade(['A', 'F'], { show: 100 });
    expect(byGrade.meta.total).toBe(filtered.meta.total);
  });

  test('date range, channel filter, search and sort combine; pagination links keep them', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const list = await api.conversations({ from: '2026-11-01', to: '2026-11-10', filter: { channel: 'voice' }, sort: 'duration_seconds', show: 3 });
    for (const c of list.data) {
      expect(c.channel).toBe('voice');
      expect(c.started_at >= '2026-11-01' && c.started_at < '2026-11-11').toBe(true);
    }
    expect(list.data[0]!.duration_seconds).toBeLessThanOrEqual(list.data[1]!.duration_seconds);
    expect(list.links.next).toContain('filter%5Bchannel%5D=voice');
    const next = await api.paginateConversations(list.links.next!);
    expect(next.meta.current_page).toBe(2);
    expect(next.data[0]!.duration_seconds).toBeGreaterThanOrEqual(list.data[2]!.duration_seconds);
    const searched = await api.conversations({ search: list.data[0]!.uuid });
    expect(searched.data.map((c) => c.uuid)).toEqual([list.data[0]!.uuid]);
  });

  test('a bad grade, a bad date and an unknown sort are 422 with the field named', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    await expect(api.conversations({ grades: ['Z' as never] })).rejects.toMatchObject({ status: 422, fieldErrors: { grades: [expect.any(String)] } });
    await expect(api.conversations({ from: '2026-13-45' })).rejects.toMatchObject({ status: 422, fieldErrors: { from: [expect.any(String)] } });
    await expect(api.conversations({ sort: 'password' })).rejects.toBeInstanceOf(ApiError);
    await expect(api.conversationsByGrade([])).rejects.toMatchObject({ status: 422 });
  });

  test('the by-disposition endpoint requires ids and returns only those dispositions', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    await expect(api.conversationsByDisposition([])).rejects.toMatchObject({ status: 422 });
    const list = await api.conversationsByDisposition(['999999']);
    expect(list.meta.total).toBe(0);
    // Every disposition the global statistics count lists exactly that many conversations.
    const counted = ((await api.global()).dispositions ?? []).filter((d) => d.id !== null).slice(0, 3);
    for (const d of counted) {
      const page = await api.conversationsByDisposition([d.id!], { show: 100 });
      expect(page.meta.total).toBe(d.conversations);
      expect(page.data.every((c) => c.disposition_id === d.id)).toBe(true);
    }
  });

  test('CSV export: the file the list shows, named by Content-Disposition', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const file = await api.exportConversations({ grades: ['F'] });
    expect(file.filename).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await file.blob.text()).trim().split('\r\n');
    expect(lines[0]).toContain('uuid');
    const total = (await api.conversations({ grades: ['F'] })).meta.total;
    expect(lines).toHaveLength(total + 1);
    const gradeColumn = lines[0]!.split(',').indexOf('letter_grade');
    expect(lines.slice(1).every((line) => line.split(',')[gradeColumn] === 'F')).toBe(true);
  });

  test('the viewer sees only their own account; asking for another account gives nothing', async () => {
    const { api } = await reportingClient(server.url, 'viewer@example.com');
    const own = await api.conversations({ show: 100 });
    expect(own.meta.total).toBe(60);
    expect(new Set(own.data.map((c) => c.account_id))).toEqual(new Set([GLOBEX]));
    const foreign = await reportingClient(server.url, 'viewer@example.com', ACME);
    expect((await foreign.api.conversations()).meta.total).toBe(0);
  });

  test('the admin narrows to one account with the account filter', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com', ACME);
    const list = await api.conversations({ show: 100 });
    expect(list.meta.total).toBe(60);
    expect(new Set(list.data.map((c) => c.account_id))).toEqual(new Set([ACME]));
  });

  test('a user without Reporting gets 403', async () => {
    const { api } = await reportingClient(server.url, 'bots@example.com');
    await expect(api.conversations()).rejects.toMatchObject({ status: 403 });
  });
});

describe('one conversation report', () => {
  test('read by uuid or id; every part parses and belongs to it', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const [first] = (await api.conversations({ filter: { channel: 'voice' }, show: 1 })).data;
    const byUuid = await api.conversation(first!.uuid);
    const byId = await api.conversation(first!.id);
    expect(byId.uuid).toBe(byUuid.uuid);
    expect(byUuid.counts?.transcript).toBeGreaterThan(0);

    const transcript = await api.tab(first!.uuid, 'transcript');
    expect(transcript).toHaveLength(byUuid.counts!.transcript!);
    for (const line of transcript) {
      expect(line.time).toMatch(/^\d+:\d{2}:\d{2}(\.\d)?$/);
      expect(Number(transcriptTimeToSeconds(line.time))).toBeLessThanOrEqual(byUuid.duration_seconds);
    }
    const quotes = await api.tab(first!.uuid, 'quotes');
    expect(quotes.length).toBeGreaterThan(0);
    expect(new Set(quotes.map((q) => q.uuid)).size).toBe(quotes.length);
    expect(quotes.every((q) => transcript.some((line) => line.text === q.text))).toBe(true);

    const usage = await api.usageSummary(first!.uuid);
    expect(usage.total_cost).toBeCloseTo(byUuid.cost, 2);
    expect(usage.lines.map((l) => l.item)).toContain('Telephony');

    const log = await api.tab(first!.uuid, 'log');
    expect(log[0]!.event).toBe('call.started');
    expect(await api.tab(first!.uuid, 'actions')).toEqual(expect.any(Array));
    expect((await api.conversationData(first!.uuid)).intent).toEqual(expect.any(String));
  });

  test('a recording with audio serves a playable WAV; one without audio says so', async () => {
    const { api, raw } = await reportingClient(server.url, 'admin@example.com');
    const voice = (await api.conversations({ filter: { channel: 'voice' }, show: 100 })).data;
    const recordings = (await Promise.all(voice.map((c) => api.tab(c.uuid, 'recordings')))).flat();
    const withAudio = recordings.find((r) => r.has_audio);
    const without = recordings.find((r) => !r.has_audio);
    expect(withAudio?.url).toMatch(/\/audio$/);
    expect(without).toMatchObject({ url: null });
    const audio = await raw(withAudio!.url!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(bytes.length).toBe(44 + 2 * 22_050 * withAudio!.audio_seconds!);
  });

  test('transcript export as txt and csv, named by the server', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const [first] = (await api.conversations({ show: 1 })).data;
    const txt = await api.exportTranscript(first!.uuid, 'txt');
    expect(txt.filename).toMatch(new RegExp(`^conversation-${first!.uuid}-transcript-\\d{4}-\\d{2}-\\d{2}\\.txt$`));
    expect(await txt.blob.text()).toMatch(/^\[\d+:\d{2}:\d{2}\.\d\] (Bot|Caller): /);
    const csv = await api.exportTranscript(first!.uuid, 'csv');
    expect((await csv.blob.text()).split('\r\n')[0]).toBe('position,time,seconds,role,text');
  });

  test('another account’s conversation is a 404 for the viewer, an unknown one too', async () => {
    const admin = await reportingClient(server.url, 'admin@example.com', ACME);
    const [acme] = (await admin.api.conversations({ show: 1 })).data;
    const { api } = await reportingClient(server.url, 'viewer@example.com');
    await expect(api.conversation(acme!.uuid)).rejects.toMatchObject({ status: 404, summary: 'Record Not Found', detail: 'This record does not exist or you cannot see it' });
    await expect(api.tab(acme!.uuid, 'transcript')).rejects.toMatchObject({ status: 404 });
    await expect(api.conversation('not-a-conversation')).rejects.toMatchObject({ status: 404 });
  });
});
