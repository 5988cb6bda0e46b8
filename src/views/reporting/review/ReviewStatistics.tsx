import './review.css';
import { useEffect, useState } from 'react';
import type { ScoreGroup } from '../../../api/review';
import { formatNumber } from '../../../format/number';
import { reviewStatisticsSelectors as is } from '../../../machines/reviewStatistics.api';
import { useReviewStatistics, useReviewStatisticsState } from '../../actors/useReviewStatistics';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { ExportStatus } from '../ExportStatus';
import { Grade } from '../Grade';
import { ms } from './TurnLatency';
import { ReportTable } from '../ReportTable';

const GROUPS: readonly { value: ScoreGroup; label: string }[] = [
  { value: 'role', label: 'Role' },
  { value: 'instance', label: 'Instance' },
  { value: 'bot', label: 'Bot' },
];

const nameOf = (row: { id?: string | null; name?: string | null }, none: string) => row.name ?? (row.id === null || row.id === undefined ? none : `#${row.id}`);
const score = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/**
 * Review statistics in the reporting overview (issue 29, loaded with it, lazily): response
 * latency p50/p90 per bot and day, and the average evaluation score per role, instance or bot
 * over time, with exports like the other statistics. A backend without them shows one quiet line.
 */
export default function ReviewStatistics({ from, to }: { from?: string; to?: string }) {
  const statistics = useReviewStatistics();
  useEffect(() => statistics.load({ from, to }), [statistics, from, to]);
  const loading = useReviewStatisticsState(is.loading);
  const failed = useReviewStatisticsState(is.failed);
  const unavailable = useReviewStatisticsState(is.unavailable);
  const error = useReviewStatisticsState(is.error);
  const latency = useReviewStatisticsState(is.latency);
  const scores = useReviewStatisticsState(is.scores);
  const by = useReviewStatisticsState(is.by);
  const exportState = useReviewStatisticsState(is.exportState);
  const exported = useReviewStatisticsState(is.exported);
  const exportError = useReviewStatisticsState(is.exportError);
  const [bot, setBot] = useState(0);
  const [group, setGroup] = useState(0);

  if (unavailable) return <p className="review-note">Latency and evaluation statistics are not available on this server.</p>;
  const bots = latency?.bots ?? [];
  const groups = scores?.groups ?? [];
  const shownBot = bots[Math.min(bot, bots.length - 1)];
  const shownGroup = groups[Math.min(group, groups.length - 1)];
  const groupLabel = GROUPS.find((g) => g.value === by)?.label ?? 'Role';
  return (
    <>
      <ExportStatus state={exportState} filename={exported ?? undefined} error={exportError} />
      <section className="panel" aria-labelledby="latency-stats-title">
        <h2 id="latency-stats-title">Response latency per bot</h2>
        {loading && !latency && <LoadingState label="Loading latency…" />}
        {failed && <OperationError error={error} />}
        {latency && bots.length === 0 && <p>No bot turn in this range.</p>}
        {bots.length > 0 && (
          <>
            <ReportTable label="Response latency per bot">
              <caption className="visually-hidden">{`Latency per bot, ${latency?.from} to ${latency?.to}`}</caption>
              <thead><tr><th scope="col">Bot</th><th scope="col" className="num">Turns</th><th scope="col" className="num">p50</th><th scope="col" className="num">p90</th><th scope="col">Chart</th></tr></thead>
              <tbody>
                {bots.map((b, i) => (
                  <tr key={b.id ?? 'none'}>
                    <th scope="row">{nameOf(b, 'No bot')}</th>
                    <td className="num">{formatNumber(b.turns)}</td>
                    <td className="num">{ms(b.p50_ms)}</td>
                    <td className="num">{ms(b.p90_ms)}</td>
                    <td><button type="button" className="link-button" aria-pressed={shownBot === b} onClick={() => setBot(i)} aria-label={`Show ${nameOf(b, 'No bot')} per day`}>Per day</button></td>
                  </tr>
                ))}
              </tbody>
            </ReportTable>
            {shownBot && (
              <TimeSeriesChart
                title={`p90 latency per day: ${nameOf(shownBot, 'No bot')}`}
                valueLabel="p90 (ms)"
                format={(n) => `${formatNumber(n)} ms`}
                points={shownBot.points.map((p) => ({ date: p.date, value: p.p90_ms ?? 0 }))}
              />
            )}
          </>
        )}
        <button type="button" className="button" onClick={() => statistics.exportFile('latency')}>Export latency</button>
      </section>

      <section className="panel" aria-labelledby="scores-stats-title">
        <h2 id="scores-stats-title">Average evaluation score</h2>
        <div className="field">
          <label htmlFor="scores-by">Per</label>
          <select id="scores-by" value={by} onChange={(e) => { setGroup(0); statistics.groupBy(e.target.value as ScoreGroup); }}>
            {GROUPS.map((g) => <option key={g.value} value={g.value}>{g.label}</option>)}
          </select>
        </div>
        {loading && !scores && <LoadingState label="Loading scores…" />}
        {scores && groups.length === 0 && <p>No submitted evaluation in this range.</p>}
        {groups.length > 0 && (
          <>
            <ReportTable label={`Average score per ${groupLabel.toLowerCase()}`}>
              <caption className="visually-hidden">{`Average score per ${groupLabel.toLowerCase()}`}</caption>
              <thead><tr><th scope="col">{groupLabel}</th><th scope="col" className="num">Evaluations</th><th scope="col" className="num">Average score</th><th scope="col">Grade</th><th scope="col">Chart</th></tr></thead>
              <tbody>
                {groups.map((g, i) => (
                  <tr key={g.id ?? 'none'}>
                    <th scope="row">{nameOf(g, `No ${groupLabel.toLowerCase()}`)}</th>
                    <td className="num">{formatNumber(g.evaluations)}</td>
                    <td className="num">{score(g.average_score)}</td>
                    <td><Grade grade={g.average_grade} /></td>
                    <td><button type="button" className="link-button" aria-pressed={shownGroup === g} onClick={() => setGroup(i)} aria-label={`Show ${nameOf(g, 'none')} per day`}>Per day</button></td>
                  </tr>
                ))}
              </tbody>
            </ReportTable>
            {shownGroup && (
              <TimeSeriesChart
                title={`Average score per day: ${nameOf(shownGroup, `No ${groupLabel.toLowerCase()}`)}`}
                valueLabel="Average score"
                format={(n) => n.toFixed(1)}
                points={shownGroup.points.filter((p) => p.average_score !== null).map((p) => ({ date: p.date, value: p.average_score ?? 0 }))}
              />
            )}
          </>
        )}
        <button type="button" className="button" onClick={() => statistics.exportFile('scores')}>Export scores</button>
      </section>
    </>
  );
}
