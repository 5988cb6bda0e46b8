import '../../reporting/review/review.css';
import { useEffect } from 'react';
import { scorecardItemsSelectors as is } from '../../../machines/scorecardItems.api';
import { MAX_ITEMS } from '../../../machines/scorecardItems';
import { useScorecardItems, useScorecardItemsState } from '../../actors/useScorecardItems';
import { useCan } from '../../PortalContext';
import { LoadingState } from '../../common/LoadingState';
import { NumericInput } from '../../common/NumericInput';
import { OperationError } from '../../common/OperationError';

/**
 * A scorecard's questions (issue 29): question, kind (yes/no or 1–5), N/A allowed, weight,
 * critical. Saving a version that evaluations already used makes a new version; the old
 * evaluations stay readable against theirs. Loaded with this panel only.
 */
export default function ScorecardItems({ scorecardId }: { scorecardId: string }) {
  const editor = useScorecardItems();
  useEffect(() => editor.open(scorecardId), [editor, scorecardId]);
  const mayEdit = useCan('Scorecards', 'edit');
  const items = useScorecardItemsState(is.items);
  const loading = useScorecardItemsState(is.loading);
  const busy = useScorecardItemsState(is.busy);
  const failed = useScorecardItemsState(is.failed);
  const saveFailed = useScorecardItemsState(is.saveFailed);
  const unavailable = useScorecardItemsState(is.unavailable);
  const error = useScorecardItemsState(is.error);
  const version = useScorecardItemsState(is.version);
  const versioned = useScorecardItemsState(is.versioned);
  const dirty = useScorecardItemsState(is.dirty);
  const fieldError = (index: number, field: string) => error?.fieldErrors[`items.${index}.${field}`]?.[0];

  if (unavailable) return <p className="review-note">Scorecard questions are not available on this server.</p>;
  return (
    <section className="panel scorecard-items" aria-labelledby="scorecard-items-title">
      <h2 id="scorecard-items-title">{`Questions (version ${version})`}</h2>
      {loading && <LoadingState label="Loading questions…" />}
      {failed && <OperationError error={error} />}
      {!loading && !failed && (
        <form onSubmit={(e) => { e.preventDefault(); editor.save(); }} aria-label="Scorecard questions">
          {items.length === 0 && <p>No questions yet.</p>}
          <ol className="scorecard-item-list">
            {items.map((item, index) => (
              <li key={index} className="evaluation-item">
                <div className="field">
                  <label htmlFor={`item-${index}-question`}>{`Question ${index + 1}`}</label>
                  <input id={`item-${index}-question`} value={item.question} maxLength={500} disabled={!mayEdit || busy} required onChange={(e) => editor.change(index, { question: e.target.value })} aria-invalid={fieldError(index, 'question') ? true : undefined} />
                  {fieldError(index, 'question') && <p className="field-error">{fieldError(index, 'question')}</p>}
                </div>
                <div className="answer-choices">
                  <label>
                    {'Kind '}
                    <select value={item.kind} disabled={!mayEdit || busy} onChange={(e) => editor.change(index, { kind: e.target.value === 'scale' ? 'scale' : 'yes_no' })}>
                      <option value="yes_no">Yes / no</option>
                      <option value="scale">Scale 1–5</option>
                    </select>
                  </label>
                  <label htmlFor={`item-${index}-weight`}>Weight</label>
                  <NumericInput id={`item-${index}-weight`} className="weight-input" maxLength={3} value={String(item.weight)} disabled={!mayEdit || busy} onValueChange={(v) => editor.change(index, { weight: Math.min(100, Number(v) || 0) })} />
                  <label><input type="checkbox" checked={item.allow_na} disabled={!mayEdit || busy} onChange={(e) => editor.change(index, { allow_na: e.target.checked })} /> N/A allowed</label>
                  <label><input type="checkbox" checked={item.critical} disabled={!mayEdit || busy} onChange={(e) => editor.change(index, { critical: e.target.checked })} /> Critical</label>
                </div>
                {mayEdit && (
                  <p className="note-actions">
                    <button type="button" className="button compact" disabled={busy || index === 0} onClick={() => editor.move(index, -1)} aria-label={`Move question ${index + 1} up`}>Up</button>
                    <button type="button" className="button compact" disabled={busy || index === items.length - 1} onClick={() => editor.move(index, 1)} aria-label={`Move question ${index + 1} down`}>Down</button>
                    <button type="button" className="button compact" disabled={busy} onClick={() => editor.remove(index)} aria-label={`Remove question ${index + 1}`}>Remove</button>
                  </p>
                )}
              </li>
            ))}
          </ol>
          {saveFailed && <OperationError error={error} />}
          {mayEdit && (
            <div className="evaluation-actions">
              <button type="button" className="button" disabled={busy || items.length >= MAX_ITEMS} onClick={editor.add}>Add question</button>
              <button type="submit" className="button button-primary" disabled={busy || !dirty || items.length === 0}>Save questions</button>
              <span role="status" className="evaluation-status">
                {busy ? 'Saving…' : saveFailed ? 'Not saved: your changes are kept here.' : !dirty && versioned ? `Saved as version ${version}: earlier evaluations keep their version.` : ''}
              </span>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
