import type { ConversationQuery } from '../../../api/reporting';
import { NumericInput } from '../../common/NumericInput';
import { EVALUATION_STATES } from './reviewFilters';

type Changes = Record<string, string | undefined>;

const score = (value: string) => {
  const n = Number(value);
  return value === '' || !Number.isFinite(n) ? undefined : String(Math.min(100, Math.max(0, Math.round(n))));
};

/** The conversations list's review filters: evaluation state and score range (0–100). */
export function ReviewFilterFields({ query, onChange }: { query: ConversationQuery; onChange: (changes: Changes) => void }) {
  return (
    <>
      <div className="field">
        <label htmlFor="conversations-evaluation">Evaluation</label>
        <select id="conversations-evaluation" value={query.filter?.evaluation ?? ''} onChange={(e) => onChange({ evaluation: e.target.value || undefined })}>
          <option value="">Any</option>
          {EVALUATION_STATES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
        </select>
      </div>
      <div className="field score-field">
        <label htmlFor="conversations-score-min">Score from</label>
        <NumericInput id="conversations-score-min" maxLength={3} value={query.filter?.score_min ?? ''} onValueChange={(v) => onChange({ score_min: score(v) })} />
      </div>
      <div className="field score-field">
        <label htmlFor="conversations-score-max">Score to</label>
        <NumericInput id="conversations-score-max" maxLength={3} value={query.filter?.score_max ?? ''} onValueChange={(v) => onChange({ score_max: score(v) })} />
      </div>
    </>
  );
}
