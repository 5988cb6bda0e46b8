import { useEffect, useId, useMemo, useState } from 'react';
import type { AnswerValue } from '../../../api/review';
import type { Evaluation, ScorecardItem } from '../../../api/schemas/review';
import { failsItem } from '../../../format/evaluationScore';
import { evaluationSelectors as is, liveScore } from '../../../machines/evaluation.api';
import { useEvaluation, useEvaluationState } from '../../actors/useEvaluation';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { Timestamp } from '../../common/Timestamp';

const YES_NO: readonly { value: AnswerValue; label: string }[] = [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
const SCALE: readonly { value: AnswerValue; label: string }[] = ['1', '2', '3', '4', '5'].map((v) => ({ value: v as AnswerValue, label: v }));
const NA = { value: 'na' as AnswerValue, label: 'N/A' };

const scoreText = (score: number | null, letter: string | null) => (score === null ? 'No score yet' : `${score.toFixed(1)} (${letter ?? '–'})`);
const answerLabel = (value: string | null | undefined) => (value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value === 'na' ? 'N/A' : value ? `${value} of 5` : 'Not answered');

function ItemQuestion({ item, disabled }: { item: ScorecardItem; disabled: boolean }) {
  const evaluation = useEvaluation();
  const answer = useEvaluationState((s) => is.answers(s)[item.id]);
  const errors = useEvaluationState(is.fieldErrors);
  const id = useId();
  const value = answer?.value ?? null;
  const needsComment = item.critical && failsItem(item.kind, value);
  const choices = [...(item.kind === 'yes_no' ? YES_NO : SCALE), ...(item.allow_na ? [NA] : [])];
  const valueError = errors[`answers.${item.id}.value`]?.[0];
  const commentError = errors[`answers.${item.id}.comment`]?.[0];
  return (
    <fieldset className="evaluation-item" aria-describedby={valueError ? `${id}-error` : undefined}>
      <legend>
        {item.question}
        {item.critical && <span className="critical-badge">Critical</span>}
        <span className="item-weight">{`Weight ${item.weight}`}</span>
      </legend>
      <div className="answer-choices">
        {choices.map((choice) => (
          <label key={choice.value} className="answer-choice">
            <input type="radio" name={`${id}-answer`} value={choice.value} checked={value === choice.value} disabled={disabled} onChange={() => evaluation.answer(item.id, choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
      {valueError && <p id={`${id}-error`} className="field-error">{valueError}</p>}
      <label htmlFor={`${id}-comment`} className="item-comment-label">
        {needsComment ? `Comment (required: a critical question failed)` : 'Comment (optional)'}
      </label>
      <textarea
        id={`${id}-comment`}
        rows={needsComment ? 2 : 1}
        maxLength={2000}
        value={answer?.comment ?? ''}
        disabled={disabled}
        required={needsComment}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={commentError ? `${id}-comment-error` : undefined}
        onChange={(e) => evaluation.commentOn(item.id, e.target.value)}
      />
      {commentError && <p id={`${id}-comment-error`} className="field-error">{commentError}</p>}
    </fieldset>
  );
}

function EvaluationForm() {
  const evaluation = useEvaluation();
  const items = useEvaluationState(is.items);
  const answers = useEvaluationState(is.answers);
  const comment = useEvaluationState(is.comment);
  const busy = useEvaluationState(is.busy);
  const saving = useEvaluationState(is.saving);
  const failed = useEvaluationState(is.failed);
  const error = useEvaluationState(is.error);
  const savedAt = useEvaluationState(is.savedAt);
  const saved = useEvaluationState(is.saved);
  const scorecardId = useEvaluationState(is.scorecardId);
  const scorecards = useEvaluationState(is.scorecards);
  const result = useMemo(() => liveScore(items, answers), [items, answers]);
  const answered = items.filter((item) => answers[item.id]?.value).length;
  const name = scorecards.find((s) => s.id === scorecardId)?.name ?? 'Scorecard';
  return (
    <form
      className="evaluation-form"
      aria-label={`Evaluate with ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        evaluation.submit();
      }}
    >
      <p className="evaluation-progress">
        <strong>{name}</strong>
        {` · ${answered} of ${items.length} answered · score ${scoreText(result.score, result.letter_grade)}`}
        {result.critical_failed && <span className="critical-badge">Critical failed</span>}
      </p>
      {items.map((item) => <ItemQuestion key={item.id} item={item} disabled={busy} />)}
      <label htmlFor="evaluation-comment">Overall comment</label>
      <textarea id="evaluation-comment" rows={2} maxLength={5000} value={comment} disabled={busy} onChange={(e) => evaluation.comment(e.target.value)} />
      {failed && <OperationError error={error} />}
      <div className="evaluation-actions">
        <button type="button" className="button" disabled={busy} onClick={evaluation.saveDraft}>Save draft</button>
        <button type="submit" className="button button-primary" disabled={busy}>Submit evaluation</button>
        {!saved && <button type="button" className="button" disabled={busy} onClick={evaluation.cancel}>Choose another scorecard</button>}
        <span role="status" className="evaluation-status">
          {saving ? 'Saving…' : failed ? 'Not saved: your answers are kept here.' : savedAt ? 'Draft saved.' : ''}
        </span>
      </div>
    </form>
  );
}

function ChooseScorecard() {
  const evaluation = useEvaluation();
  const scorecards = useEvaluationState(is.scorecards);
  const evaluated = useEvaluationState((s) => s.context.evaluations.some((e) => e.status === 'submitted'));
  const [chosen, setChosen] = useState('');
  useEffect(() => setChosen((current) => current || scorecards[0]?.id || ''), [scorecards]);
  if (scorecards.length === 0) return <p>No scorecard is assigned to this conversation’s role or instance. Assign one in Roles or Instances.</p>;
  return (
    <form
      className="evaluation-choose"
      aria-label="Choose a scorecard"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) evaluation.choose(chosen);
      }}
    >
      <label htmlFor="evaluation-scorecard">Scorecard</label>
      <select id="evaluation-scorecard" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {scorecards.map((s) => <option key={s.id} value={s.id}>{`${s.name} (${s.items.length} questions)`}</option>)}
      </select>
      <button type="submit" className="button button-primary">{evaluated ? 'Start re-score' : 'Start evaluation'}</button>
      {evaluated && <button type="button" className="button" onClick={evaluation.cancel}>Back to evaluations</button>}
    </form>
  );
}

function EvaluationHistory({ evaluations }: { evaluations: readonly Evaluation[] }) {
  const shown = evaluations.filter((e) => e.status === 'submitted');
  if (shown.length === 0) return null;
  return (
    <ol className="evaluation-history" aria-label="Evaluations, newest first">
      {shown.map((e) => (
        <li key={e.id}>
          <details open={e.current}>
            <summary>
              {`Revision ${e.revision}: ${scoreText(e.score, e.letter_grade)}`}
              {e.current && <span className="current-badge">Counts for the grade</span>}
              <span className="evaluation-meta">
                {` · ${e.scorecard_name ?? 'Scorecard'} v${e.scorecard_version} · ${e.reviewer.name ?? 'Unknown reviewer'}`}
                {e.submitted_at && <> · <Timestamp value={e.submitted_at} /></>}
              </span>
            </summary>
            <dl className="evaluation-answers">
              {e.items.map((item) => {
                const answer = e.answers.find((a) => a.item_id === item.id);
                return (
                  <div key={item.id}>
                    <dt>{item.question}{item.critical && <span className="critical-badge">Critical</span>}</dt>
                    <dd>{answerLabel(answer?.value)}{answer?.comment ? ` — ${answer.comment}` : ''}</dd>
                  </div>
                );
              })}
            </dl>
            {e.comment && <p className="evaluation-comment">{e.comment}</p>}
          </details>
        </li>
      ))}
    </ol>
  );
}

/**
 * The evaluation beside the recording and transcript (issue 29): choose a scorecard that applies,
 * answer, save a draft, submit; every submitted revision stays readable; re-score adds one.
 * A backend without evaluations shows one quiet line instead.
 */
export function EvaluationPanel({ conversationId }: { conversationId: string }) {
  const evaluation = useEvaluation();
  useEffect(() => evaluation.open(conversationId), [evaluation, conversationId]);
  const loading = useEvaluationState(is.loading);
  const unavailable = useEvaluationState(is.unavailable);
  const choosing = useEvaluationState(is.choosing);
  const editing = useEvaluationState(is.editing);
  const submitted = useEvaluationState(is.submitted);
  const failedToLoad = useEvaluationState((s) => is.failed(s) && !is.editing(s));
  const error = useEvaluationState(is.error);
  const evaluations = useEvaluationState(is.evaluations);

  // A backend without evaluations: the workspace says so once for every review part (ReviewWorkspace).
  if (unavailable) return null;
  return (
    <section className="panel evaluation-panel" aria-labelledby="evaluation-title">
      <div className="review-heading">
        <h2 id="evaluation-title">Evaluation</h2>
        {submitted && <button type="button" className="button" onClick={evaluation.rescore}>Re-score</button>}
      </div>
      {loading && <LoadingState label="Loading evaluations…" />}
      {failedToLoad && <OperationError error={error} onRetry={evaluation.retry} />}
      {choosing && <ChooseScorecard />}
      {editing && <EvaluationForm />}
      {!editing && <EvaluationHistory evaluations={evaluations} />}
    </section>
  );
}
