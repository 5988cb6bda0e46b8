import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, adminUser, permissionsFor, signInHandlers, withoutReviewCalls } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { withLayoutSizes } from '../../support/layoutSizes';
import { accountsHandler, conversation, envelope, grades } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

/**
 * Issue 29 on the conversation page, through the user's doors (roles and accessible names): the
 * evaluation beside the recording and transcript, notes pinned to lines, the per-turn latency,
 * and a backend without the review calls (docs/review-contract.md) that stays quiet.
 */

withLayoutSizes();

const UUID = '00000000-0000-4000-8000-000000000001';
const PAGE = `/reporting/conversations/${UUID}`;
const CONVERSATION = `${API}/api/v1/reporting/conversations/:id`;

/** The admin with the review permission model (docs/review-contract.md) beside SPEC's models. */
const reviewer = () => {
  const permissions = permissionsFor('all');
  permissions.data.Evaluations = { browse: true, read: true, add: true, edit: true, delete: true, level: 9 };
  return signInHandlers({ permissions });
};

const transcript = [
  { id: 'l1', position: 1, role: 'bot', text: 'Hello, how can I help?', time: '0:00:00.5' },
  { id: 'l2', position: 2, role: 'user', text: 'I want to cancel my plan', time: '0:00:03' },
  { id: 'l3', position: 3, role: 'bot', text: 'I can help with that', time: '0:00:07' },
  { id: 'l4', position: 4, role: 'user', text: 'Thanks', time: '0:00:12' },
  { id: 'l5', position: 5, role: 'bot', text: 'Anything else today?', time: '0:00:15' },
];
const items = [
  { id: 11, position: 1, question: 'Greeted the caller by name?', kind: 'yes_no', allow_na: false, weight: 2, critical: true },
  { id: 12, position: 2, question: 'Empathy', kind: 'scale', allow_na: false, weight: 1, critical: false },
  { id: 13, position: 3, question: 'Offered a retention deal?', kind: 'yes_no', allow_na: true, weight: 1, critical: false },
];
const scorecard = { id: 7, name: 'Retention', description: null, version: 1, items };

const evaluation = (over: Record<string, unknown>) => ({
  id: 100, conversation_uuid: UUID, scorecard_id: 7, scorecard_name: 'Retention', scorecard_version: 1, revision: 1, status: 'draft',
  reviewer: { id: 1, name: 'Ada Admin' }, editable: true, comment: null, score: null, letter_grade: null, critical_failed: false, current: false,
  answers: [], items, created_at: '2026-11-20T10:10:00Z', updated_at: '2026-11-20T10:10:00Z', submitted_at: null, ...over,
});
/** The answers of a request body as the contract stores them. */
const answersOf = (body: { answers: Record<string, { value: string | null; comment: string | null }> }) =>
  Object.entries(body.answers).map(([item_id, a]) => ({ item_id: Number(item_id), value: a.value, comment: a.comment }));

/** The conversation page's own calls (record, recording with audio unless `audio` is false, transcript). */
function conversationHandlers({ audio = true } = {}) {
  return [
    accountsHandler,
    http.get(`${CONVERSATION}/transcript`, () => HttpResponse.json({ data: transcript })),
    http.get(`${CONVERSATION}/recordings`, () =>
      HttpResponse.json({ data: [{ uuid: 'r1', label: 'Call recording', has_audio: audio, duration_seconds: 20, created_at: '2026-11-20T10:05:00Z', url: audio ? `${API}/audio.wav` : null, audio_seconds: 20, mime_type: 'audio/wav', generated: false }] }),
    ),
    http.get(`${API}/audio.wav`, () => new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } })),
    http.get(CONVERSATION, () => HttpResponse.json({ data: conversation(1, 'C') })),
  ];
}

/** The review calls of a backend that has them; each test overrides what it exercises. */
function reviewHandlers({ notes = [] as unknown[], evaluations = [] as unknown[] } = {}) {
  return [
    http.get(`${CONVERSATION}/scorecards`, () => HttpResponse.json({ data: [scorecard] })),
    http.get(`${CONVERSATION}/evaluations`, () => HttpResponse.json({ data: evaluations })),
    http.get(`${CONVERSATION}/notes`, () => HttpResponse.json({ data: notes })),
    http.get(`${CONVERSATION}/timings`, () =>
      HttpResponse.json({
        data: [
          { line_id: 'l3', position: 3, time: '0:00:07', latency_ms: 800, stages: { stt_ms: 120, llm_ms: 450, tts_ms: 230, tool_ms: null } },
          { line_id: 'l5', position: 5, time: '0:00:15', latency_ms: 2100, stages: { stt_ms: 150, llm_ms: 1600, tts_ms: 350, tool_ms: null } },
        ],
      }),
    ),
  ];
}

const question = (panel: HTMLElement, name: RegExp) => within(panel).getByRole('group', { name });

describe('conversation review on the conversation page', () => {
  test('evaluate: choose the scorecard, answer; a failed save keeps every answer and the retry sends them; submit shows the revision and its grade', async () => {
    const bodies: unknown[] = [];
    let failures = 1;
    mswServer.use(
      ...conversationHandlers(),
      ...reviewHandlers(),
      http.post(`${CONVERSATION}/evaluations`, async ({ request }) => {
        const body = (await request.json()) as Parameters<typeof answersOf>[0] & { comment: string | null };
        bodies.push(body);
        if (failures-- > 0) return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
        return HttpResponse.json({ data: evaluation({ answers: answersOf(body), comment: body.comment }) }, { status: 201 });
      }),
      http.patch(`${API}/api/v1/reporting/evaluations/:evaluation`, async ({ request }) => {
        const body = (await request.json()) as Parameters<typeof answersOf>[0] & { comment: string | null; status: string };
        bodies.push(body);
        return HttpResponse.json({
          data: evaluation({ status: 'submitted', editable: false, current: true, score: 100, letter_grade: 'A', answers: answersOf(body), comment: body.comment, submitted_at: '2026-11-20T10:12:00Z' }),
        });
      }),
      ...reviewer(),
    );
    mountPortal(PAGE, { returning: true });
    const user = userEvent.setup();
    const panel = await screen.findByRole('complementary', { name: 'Evaluation' });
    const choose = await within(panel).findByRole('form', { name: 'Choose a scorecard' });
    expect(within(choose).getByRole('combobox', { name: 'Scorecard' })).toHaveDisplayValue('Retention (3 questions)');
    await user.click(within(choose).getByRole('button', { name: 'Start evaluation' }));

    expect(screen.getByText('Grade').nextSibling).toHaveTextContent('C');
    const form = await within(panel).findByRole('form', { name: 'Evaluate with Retention' });
    // The recording and transcript stay on the page beside the form.
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Transcript lines' })).toBeInTheDocument();
    await user.click(within(question(form, /^Greeted the caller by name\?/)).getByRole('radio', { name: 'Yes' }));
    await user.click(within(question(form, /^Empathy/)).getByRole('radio', { name: '4' }));
    await user.type(within(question(form, /^Empathy/)).getByRole('textbox', { name: 'Comment (optional)' }), 'Calm and kind');
    await user.click(within(question(form, /^Offered a retention deal\?/)).getByRole('radio', { name: 'N/A' }));
    await user.type(within(form).getByRole('textbox', { name: 'Overall comment' }), 'Good call');
    expect(form).toHaveTextContent('3 of 3 answered');

    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Not saved: your answers are kept here.');
    expect(within(form).getByRole('alert')).toBeInTheDocument();
    // Every answer is still there, as typed and chosen.
    expect(within(question(form, /^Greeted the caller by name\?/)).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(question(form, /^Empathy/)).getByRole('radio', { name: '4' })).toBeChecked();
    expect(within(question(form, /^Empathy/)).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Calm and kind');
    expect(within(question(form, /^Offered a retention deal\?/)).getByRole('radio', { name: 'N/A' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Overall comment' })).toHaveValue('Good call');

    // Saving again sends the same answers, and the draft is saved.
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Draft saved.'));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toMatchObject({ status: 'draft', comment: 'Good call', answers: { 11: { value: 'yes', comment: null }, 12: { value: '4', comment: 'Calm and kind' }, 13: { value: 'na', comment: null } } });

    await user.click(within(form).getByRole('button', { name: 'Submit evaluation' }));
    const history = await within(panel).findByRole('list', { name: 'Evaluations, newest first' });
    expect(bodies[2]).toMatchObject({ status: 'submitted' });
    expect(within(history).getByText(/^Revision 1: 100\.0 \(A\)/)).toBeInTheDocument();
    expect(within(history).getByText('Counts for the grade')).toBeInTheDocument();
    expect(within(history).getByText('Calm and kind', { exact: false })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Re-score' })).toBeInTheDocument();
    // The header's grade follows the submitted evaluation (it was C).
    expect(screen.getByText('Grade').nextSibling).toHaveTextContent('A');
  }, 30_000);

  test('a failed critical question needs a comment: the label says so, the server’s 422 shows beside it, and no answer is lost', async () => {
    const bodies: { answers: Record<string, { value: string | null; comment: string | null }> }[] = [];
    mswServer.use(
      ...conversationHandlers(),
      ...reviewHandlers(),
      http.post(`${CONVERSATION}/evaluations`, async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        if (!body.answers['11']?.comment) {
          return HttpResponse.json({ message: 'The given data was invalid.', errors: { 'answers.11.comment': ['A failed critical question needs a comment.'] } }, { status: 422 });
        }
        return HttpResponse.json({ data: evaluation({ status: 'submitted', editable: false, current: true, score: 0, letter_grade: 'F', critical_failed: true, answers: answersOf(body), submitted_at: '2026-11-20T10:12:00Z' }) }, { status: 201 });
      }),
      ...reviewer(),
    );
    mountPortal(PAGE, { returning: true });
    const user = userEvent.setup();
    const panel = await screen.findByRole('complementary', { name: 'Evaluation' });
    await user.click(await within(panel).findByRole('button', { name: 'Start evaluation' }));
    const form = await within(panel).findByRole('form', { name: 'Evaluate with Retention' });
    const critical = question(form, /^Greeted the caller by name\?/);
    expect(within(critical).getByRole('textbox', { name: 'Comment (optional)' })).not.toBeRequired();
    await user.click(within(critical).getByRole('radio', { name: 'No' }));
    const comment = within(critical).getByRole('textbox', { name: 'Comment (required: a critical question failed)' });
    expect(comment).toBeRequired();
    expect(form).toHaveTextContent('Critical failed');
    await user.click(within(question(form, /^Empathy/)).getByRole('radio', { name: '2' }));

    // The server refuses (as it would for any client that skips the required field).
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(comment).toHaveAccessibleDescription('A failed critical question needs a comment.'));
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(within(critical).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(question(form, /^Empathy/)).getByRole('radio', { name: '2' })).toBeChecked();

    await user.type(comment, 'Did not use the name');
    await user.click(within(form).getByRole('button', { name: 'Submit evaluation' }));
    const history = await within(panel).findByRole('list', { name: 'Evaluations, newest first' });
    expect(within(history).getByText(/^Revision 1: 0\.0 \(F\)/)).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ status: 'submitted', answers: { 11: { value: 'no', comment: 'Did not use the name' }, 12: { value: '2', comment: null } } });
  }, 30_000);

  test('notes: a line’s "Pin note" pins to it; the note shows beside the line, in the list and on the timeline; a failed pin keeps the text; only one’s own notes can be edited and deleted', async () => {
    const pins: unknown[] = [];
    let failPin = true;
    const others = { id: 1, line_id: 'l1', seconds: 0.5, body: 'Warm greeting', author: { id: 2, name: 'Grace Other' }, editable: false, created_at: '2026-11-20T10:06:00Z', updated_at: null };
    const mine = (body: string) => ({ id: 2, line_id: 'l2', seconds: 3, body, author: { id: adminUser.id, name: adminUser.name }, editable: true, created_at: '2026-11-20T10:07:00Z', updated_at: null });
    const deleted: string[] = [];
    mswServer.use(
      ...conversationHandlers(),
      ...reviewHandlers({ notes: [others] }),
      http.post(`${CONVERSATION}/notes`, async ({ request }) => {
        const body = (await request.json()) as { body: string };
        pins.push(body);
        if (failPin) {
          failPin = false;
          return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
        }
        return HttpResponse.json({ data: mine(body.body) }, { status: 201 });
      }),
      http.patch(`${API}/api/v1/reporting/notes/:note`, async ({ request }) => HttpResponse.json({ data: mine(((await request.json()) as { body: string }).body) })),
      http.delete(`${API}/api/v1/reporting/notes/:note`, ({ params }) => {
        deleted.push(String(params.note));
        return new HttpResponse(null, { status: 204 });
      }),
      ...reviewer(),
    );
    mountPortal(PAGE, { returning: true });
    const user = userEvent.setup();
    const lines = await screen.findByRole('list', { name: 'Transcript lines' });
    // Another reviewer's note: beside its line, in the list, on the timeline; not mine to change.
    await within(lines).findByText('Warm greeting');
    const notesPanel = screen.getByRole('region', { name: 'Notes' });
    const list = within(notesPanel).getByRole('list', { name: 'Notes in time order' });
    expect(within(list).getByText('Bot line at 0:00 · Grace Other')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Edit note/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /^Delete note/ })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Note at 0:00: Warm greeting' })).toBeInTheDocument();

    await user.click(within(lines).getByRole('button', { name: 'Pin note to line 2' }));
    const text = within(notesPanel).getByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(text).toHaveFocus());
    expect(within(notesPanel).getByRole('combobox', { name: 'Pin to' })).toHaveDisplayValue(/^0:03 Caller: I want to cancel my plan/);
    await user.type(text, 'Caller wants to cancel');
    await user.click(within(notesPanel).getByRole('button', { name: 'Pin note' }));
    await within(notesPanel).findByRole('alert');
    expect(text).toHaveValue('Caller wants to cancel');

    await user.click(within(notesPanel).getByRole('button', { name: 'Pin note' }));
    await waitFor(() => expect(text).toHaveValue(''));
    expect(pins).toEqual([{ body: 'Caller wants to cancel', line_id: 'l2' }, { body: 'Caller wants to cancel', line_id: 'l2' }]);
    expect(within(lines).getByText('Caller wants to cancel')).toBeInTheDocument();
    expect(within(list).getByText('Caller line at 0:03 · Ada Admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Note at 0:03: Caller wants to cancel' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Edit note at 0:03' }));
    const edit = within(list).getByRole('textbox', { name: 'Edit note' });
    await user.clear(edit);
    await user.type(edit, 'Caller wants to cancel: price');
    await user.click(within(list).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(within(lines).getByText('Caller wants to cancel: price')).toBeInTheDocument());
    expect(within(list).queryByRole('textbox', { name: 'Edit note' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Delete note at 0:03' }));
    await waitFor(() => expect(within(lines).queryByText('Caller wants to cancel: price')).toBeNull());
    expect(deleted).toEqual(['2']);
    expect(within(list).getByText('Warm greeting')).toBeInTheDocument();
  }, 30_000);

  test('per-turn latency: each bot turn beside its line and in the table, the median and p90, and a jump to the slowest turn', async () => {
    mswServer.use(...conversationHandlers(), ...reviewHandlers(), ...reviewer());
    mountPortal(PAGE, { returning: true });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Response latency per turn' });
    const table = await within(panel).findByRole('table', { name: 'Each bot turn: when it started, its latency and its stages' });
    expect(within(table).getByRole('row', { name: /^0:07 800 ms 120 ms 450 ms 230 ms —$/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^0:15 2,100 ms 150 ms 1,600 ms 350 ms —$/ })).toHaveAttribute('data-slowest', 'true');
    expect(within(panel).getByText('Median').nextSibling).toHaveTextContent('800 ms');
    expect(within(panel).getByText('p90').nextSibling).toHaveTextContent('2,100 ms');
    const lines = screen.getByRole('list', { name: 'Transcript lines' });
    expect(within(lines).getByText('Latency 800 ms')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Jump to the slowest turn (0:15, 2,100 ms)' }));
    await waitFor(() => expect(within(lines).getByRole('button', { name: /Anything else today\?/ })).toHaveFocus());
    await user.click(within(table).getByRole('button', { name: 'Jump to the turn at 0:07' }));
    await waitFor(() => expect(within(lines).getByRole('button', { name: /I can help with that/ })).toHaveFocus());
  }, 30_000);

  test('a backend without the review calls (404): the page works and says so once, quietly; no error, no review controls', async () => {
    const asked: string[] = [];
    // No audio here: jsdom's media element cannot play the fixture, and its player error is not the point.
    mswServer.use(...conversationHandlers({ audio: false }), ...withoutReviewCalls(), ...reviewer());
    mswServer.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    try {
      mountPortal(PAGE, { returning: true });
      const lines = await screen.findByRole('list', { name: 'Transcript lines' });
      expect(await screen.findByText('Evaluations, notes and per-turn timings are not available on this server.')).toBeInTheDocument();
      await waitFor(() => expect(asked.filter((p) => /\/(scorecards|evaluations|notes|timings)$/.test(p)).length).toBeGreaterThanOrEqual(4));
      expect(screen.getAllByText(/not available on this server/)).toHaveLength(1);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(/API Error|Not Found/)).toBeNull();
      expect(screen.queryByRole('complementary', { name: 'Evaluation' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Response latency per turn' })).toBeNull();
      expect(within(lines).queryByRole('button', { name: /^Pin note/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Next not evaluated/ })).toBeNull();
      // The recording and transcript are untouched.
      expect(screen.getByText('Call recording: the audio of this recording is no longer kept.')).toBeInTheDocument();
      expect(within(lines).getByRole('button', { name: /I want to cancel my plan/ })).toBeInTheDocument();
    } finally {
      mswServer.events.removeAllListeners();
    }
  }, 30_000);

  describe('the conversations list', () => {
    const listHandlers = () => [
      accountsHandler,
      http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 2, minutes: 0, cost: 0, active: 0, average_grade: null, grade_score: null, grades, dispositions: [] } })),
      http.get(`${API}/api/v1/reporting/conversations`, () => HttpResponse.json(envelope([conversation(1, 'A'), conversation(2, 'B')]))),
    ];

    test('a backend with evaluations: the Evaluation and Score filters show, learnt from one listed conversation', async () => {
      const asked: string[] = [];
      mswServer.use(
        ...listHandlers(),
        http.get(`${CONVERSATION}/evaluations`, ({ params }) => (asked.push(String(params.id)), HttpResponse.json({ data: [] }))),
        ...reviewer(),
      );
      mountPortal('/reporting/conversations', { returning: true });
      expect(await screen.findByText('2 conversations', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(await screen.findByRole('combobox', { name: 'Evaluation' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Score from' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Score to' })).toBeInTheDocument();
      expect(asked).toEqual([UUID]);
    });

    test('a backend without the review calls (404): no Evaluation or Score filter, no error; the other filters and rows stay', async () => {
      const asked: string[] = [];
      mswServer.use(...listHandlers(), ...withoutReviewCalls(), ...reviewer());
      mswServer.events.on('request:end', ({ request }) => asked.push(new URL(request.url).pathname));
      try {
        mountPortal('/reporting/conversations', { returning: true });
        expect(await screen.findByText('2 conversations', {}, { timeout: 5000 })).toBeInTheDocument();
        await waitFor(() => expect(asked).toContain(`/api/v1/reporting/conversations/${UUID}/evaluations`));
        await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Evaluation' })).toBeNull());
        expect(screen.queryByRole('textbox', { name: 'Score from' })).toBeNull();
        expect(screen.queryByRole('textbox', { name: 'Score to' })).toBeNull();
        expect(screen.getByRole('combobox', { name: 'Channel' })).toBeInTheDocument();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.getAllByRole('link', { name: /^(Call|Chat) (inbound|outbound), started / })).toHaveLength(2);
      } finally {
        mswServer.events.removeAllListeners();
      }
    });
  });
});
