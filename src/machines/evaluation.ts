import { assign, fromPromise, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isMissingFeature, type AnswerDraft, type AnswerValue, type EvaluationBody, type ReviewApi } from '../api/review';
import type { ApplicableScorecard, Evaluation, ScorecardItem } from '../api/schemas/review';
import { failureOf, type OperationFailure } from './operation';

/**
 * Evaluating one conversation against a scorecard (issue 29, docs/review-contract.md):
 *
 *   loading → choosing → editing.draft → editing.saving → editing.draft (a draft) | submitted
 *                                                          | editing.saveFailed (every answer kept)
 *   submitted → (rescore) choosing → editing.draft … (a new revision; the old one stays)
 *
 * Saving a draft and submitting are ONE state (`saving`): the same call with the status asked for
 * (`context.submitting`); only where a success leads differs.
 *   loading → unavailable (the backend has no evaluations: 404/405) | loadFailed
 *
 * The answers live in this machine's context from the first click to the server's answer, so no
 * failure can lose one. Views read it through evaluation.api.ts (named senders, tag selectors).
 */

export type EvaluationApi = Pick<ReviewApi, 'conversationScorecards' | 'evaluations' | 'startEvaluation' | 'saveEvaluation'>;

export interface EvaluationContext {
  conversationId: string | null;
  scorecards: ApplicableScorecard[];
  /** Every revision, newest first (the server's order). */
  evaluations: Evaluation[];
  /** The scorecard and the items being answered (a draft's own version when continuing one). */
  scorecardId: string | null;
  items: ScorecardItem[];
  /** The draft on the server, once saved (null: not created yet). */
  evaluationId: string | null;
  answers: Record<string, AnswerDraft>;
  comment: string;
  error: OperationFailure | null;
  /** When the draft was last saved (shown as "Draft saved"), null before. */
  savedAt: number | null;
  /** The save in flight (or failed last) submits the evaluation, not only its draft. */
  submitting: boolean;
}

export type EvaluationEvent =
  | { type: 'evaluation.open'; conversationId: string }
  | { type: 'evaluation.retry' }
  | { type: 'evaluation.choose'; scorecardId: string }
  | { type: 'evaluation.answer'; itemId: string; value: AnswerValue | null }
  | { type: 'evaluation.itemComment'; itemId: string; comment: string }
  | { type: 'evaluation.comment'; comment: string }
  | { type: 'evaluation.save' }
  | { type: 'evaluation.submit' }
  | { type: 'evaluation.cancel' }
  | { type: 'evaluation.rescore' }
  | { type: 'evaluation.close' };

interface Loaded {
  scorecards: ApplicableScorecard[];
  evaluations: Evaluation[];
}

const EMPTY: Omit<EvaluationContext, 'conversationId'> = {
  scorecards: [],
  evaluations: [],
  scorecardId: null,
  items: [],
  evaluationId: null,
  answers: {},
  comment: '',
  error: null,
  savedAt: null,
  submitting: false,
};

const ownDraft = (evaluations: readonly Evaluation[]) => evaluations.find((e) => e.status === 'draft' && e.editable);
const hasSubmitted = (evaluations: readonly Evaluation[]) => evaluations.some((e) => e.status === 'submitted');

/** A stored evaluation's answers as the form holds them. */
function answersOf(evaluation: Evaluation): Record<string, AnswerDraft> {
  return Object.fromEntries(evaluation.answers.map((a) => [a.item_id, { value: (a.value as AnswerValue | null) ?? null, comment: a.comment ?? '' }]));
}

function bodyOf(context: EvaluationContext, status: EvaluationBody['status']): EvaluationBody {
  const answers: EvaluationBody['answers'] = {};
  for (const item of context.items) {
    const answer = context.answers[item.id];
    if (answer) answers[item.id] = { value: answer.value, comment: answer.comment.trim() || null };
  }
  return { answers, comment: context.comment.trim() || null, status };
}

/** The evaluations list with `saved` in its place (or first, when new). */
function withSaved(evaluations: readonly Evaluation[], saved: Evaluation): Evaluation[] {
  const rest = evaluations.filter((e) => e.id !== saved.id).map((e) => (saved.current ? { ...e, current: false } : e));
  return [saved, ...rest].sort((a, b) => b.revision - a.revision);
}

export function createEvaluationMachine(api: EvaluationApi, now: () => number = Date.now) {
  return setup({
    types: { context: {} as EvaluationContext, events: {} as EvaluationEvent },
    actors: {
      load: fromPromise<Loaded, { conversationId: string }>(async ({ input, signal }) => {
        const [scorecards, evaluations] = await Promise.all([api.conversationScorecards(input.conversationId, signal), api.evaluations(input.conversationId, signal)]);
        return { scorecards, evaluations };
      }),
      save: fromPromise<Evaluation, { conversationId: string; scorecardId: string; evaluationId: string | null; body: EvaluationBody }>(({ input, signal }) =>
        input.evaluationId
          ? api.saveEvaluation(input.evaluationId, input.body, signal)
          : api.startEvaluation(input.conversationId, input.scorecardId, input.body, signal),
      ),
    },
    guards: {
      hasOwnDraft: ({ event }) => ownDraft((event as unknown as { output: Loaded }).output.evaluations) !== undefined,
      hasSubmitted: ({ event }) => hasSubmitted((event as unknown as { output: Loaded }).output.evaluations),
      missing: ({ event }) => isMissingFeature((event as unknown as { error: unknown }).error),
      wasEvaluated: ({ context }) => hasSubmitted(context.evaluations),
      knownScorecard: ({ context, event }) => event.type === 'evaluation.choose' && context.scorecards.some((s) => s.id === event.scorecardId),
      wasSubmit: ({ context }) => context.submitting,
      // One save at a time: a second click while saving is not a second request.
      'not saving': not(stateIn('#evaluation.editing.saving')),
    },
    actions: {
      answer: assign(({ context, event }) => {
        if (event.type !== 'evaluation.answer') return {};
        const previous = context.answers[event.itemId] ?? { value: null, comment: '' };
        return { answers: { ...context.answers, [event.itemId]: { ...previous, value: event.value } } };
      }),
      itemComment: assign(({ context, event }) => {
        if (event.type !== 'evaluation.itemComment') return {};
        const previous = context.answers[event.itemId] ?? { value: null, comment: '' };
        return { answers: { ...context.answers, [event.itemId]: { ...previous, comment: event.comment.slice(0, 2000) } } };
      }),
      comment: assign(({ event }) => (event.type === 'evaluation.comment' ? { comment: event.comment.slice(0, 5000) } : {})),
    },
  }).createMachine({
    id: 'evaluation',
    context: { conversationId: null, ...EMPTY },
    initial: 'idle',
    on: {
      'evaluation.open': { target: '.loading', actions: assign(({ event }) => ({ conversationId: event.conversationId, ...EMPTY })) },
      'evaluation.close': { target: '.idle', actions: assign({ conversationId: null, ...EMPTY }) },
    },
    states: {
      idle: {},
      loading: {
        tags: ['busy', 'loading'],
        invoke: {
          src: 'load',
          input: ({ context }) => ({ conversationId: context.conversationId as string }),
          onDone: [
            {
              guard: 'hasOwnDraft',
              target: 'editing',
              actions: assign(({ event }) => {
                const draft = ownDraft(event.output.evaluations) as Evaluation;
                return {
                  ...event.output,
                  scorecardId: draft.scorecard_id,
                  items: draft.items,
                  evaluationId: draft.id,
                  answers: answersOf(draft),
                  comment: draft.comment ?? '',
                };
              }),
            },
            { guard: 'hasSubmitted', target: 'submitted', actions: assign(({ event }) => ({ ...event.output })) },
            { target: 'choosing', actions: assign(({ event }) => ({ ...event.output })) },
          ],
          onError: [
            { guard: 'missing', target: 'unavailable' },
            { target: 'loadFailed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Error Loading Records') })) },
          ],
        },
      },
      unavailable: { tags: ['unavailable'] },
      loadFailed: { tags: ['failed'], on: { 'evaluation.retry': 'loading' } },
      choosing: {
        tags: ['choosing'],
        on: {
          'evaluation.choose': {
            guard: 'knownScorecard',
            target: 'editing',
            actions: assign(({ context, event }) => ({
              scorecardId: event.scorecardId,
              items: context.scorecards.find((s) => s.id === event.scorecardId)?.items ?? [],
              evaluationId: null,
              answers: {},
              comment: '',
              error: null,
              savedAt: null,
            })),
          },
          'evaluation.cancel': { guard: 'wasEvaluated', target: 'submitted' },
        },
      },
      editing: {
        tags: ['editing'],
        initial: 'draft',
        // The answers can change in every sub-state: a save in flight sends the answers it started with.
        on: {
          'evaluation.answer': { actions: 'answer' },
          'evaluation.itemComment': { actions: 'itemComment' },
          'evaluation.comment': { actions: 'comment' },
          'evaluation.save': { guard: 'not saving', target: '.saving', actions: assign({ submitting: false }) },
          'evaluation.submit': { guard: 'not saving', target: '.saving', actions: assign({ submitting: true }) },
        },
        states: {
          draft: {
            on: {
              // Only an unsaved choice can be taken back; a saved draft stays on the server.
              'evaluation.cancel': { guard: ({ context }) => context.evaluationId === null, target: '#evaluation.choosing', actions: assign({ scorecardId: null, items: [], answers: {}, comment: '' }) },
            },
          },
          saving: {
            tags: ['busy', 'saving'],
            invoke: {
              src: 'save',
              input: ({ context }) => ({
                conversationId: context.conversationId as string,
                scorecardId: context.scorecardId as string,
                evaluationId: context.evaluationId,
                body: bodyOf(context, context.submitting ? 'submitted' : 'draft'),
              }),
              onDone: [
                {
                  guard: 'wasSubmit',
                  target: '#evaluation.submitted',
                  actions: assign(({ context, event }) => ({ evaluations: withSaved(context.evaluations, event.output), evaluationId: null, answers: {}, comment: '', error: null, submitting: false })),
                },
                {
                  target: 'draft',
                  actions: assign(({ context, event }) => ({ evaluationId: event.output.id, evaluations: withSaved(context.evaluations, event.output), error: null, savedAt: now() })),
                },
              ],
              // Nothing of the form is lost: the answers stay in context, the error says why.
              onError: { target: 'saveFailed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Edit Record Failed') })) },
            },
          },
          saveFailed: { tags: ['failed'] },
        },
      },
      submitted: {
        tags: ['submitted'],
        on: { 'evaluation.rescore': { target: 'choosing', actions: assign({ scorecardId: null, items: [], evaluationId: null, answers: {}, comment: '', error: null, savedAt: null }) } },
      },
    },
  });
}

export type EvaluationMachine = ReturnType<typeof createEvaluationMachine>;
export type EvaluationActor = ActorRefFrom<EvaluationMachine>;
export type EvaluationSnapshot = SnapshotFrom<EvaluationMachine>;
