import { useEffect, useMemo } from 'react';
import type { TranscriptLine } from '../../../api/schemas/reporting';
import type { TurnTiming } from '../../../api/schemas/review';
import { formatNumber } from '../../../format/number';
import { nearestRank } from '../../../format/percentile';
import { turnTimingsSelectors as is } from '../../../machines/turnTimings.api';
import { useTurnTimings, useTurnTimingsState } from '../../actors/useTurnTimings';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { clockOf, lineSeconds } from '../conversation/transcriptTimes';
import { lineIdOf } from './reviewLines';
import { ReportTable } from '../ReportTable';

export const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${formatNumber(value)} ms`);

/** The conversation's median, p90 and slowest turn (nearest rank, src/format/percentile.ts). */
export function latencySummary(turns: readonly TurnTiming[]) {
  const values = turns.map((t) => t.latency_ms);
  const slowest = turns.reduce<TurnTiming | undefined>((worst, t) => (!worst || t.latency_ms > worst.latency_ms ? t : worst), undefined);
  return { median: nearestRank(values, 50), p90: nearestRank(values, 90), slowest };
}

/** A turn's start in seconds: its own time, else its transcript line's. */
function turnSeconds(turn: TurnTiming, lines: readonly TranscriptLine[]): number {
  if (turn.time) return lineSeconds(turn.time);
  const line = lines.find((l) => lineIdOf(l) === turn.line_id || l.position === turn.position);
  return line ? lineSeconds(line.time) : 0;
}

/**
 * Per-turn response latency (issue 29): each bot turn's latency and stages, aligned with the
 * transcript (the same times), the conversation's median and p90, and a jump to the slowest turn.
 * A backend without timings shows one quiet line.
 */
export function TurnLatency({ conversationId, lines, onJump }: { conversationId: string; lines: readonly TranscriptLine[]; onJump: (seconds: number) => void }) {
  const timings = useTurnTimings();
  useEffect(() => timings.open(conversationId), [timings, conversationId]);
  const turns = useTurnTimingsState(is.turns);
  const loading = useTurnTimingsState(is.loading);
  const unavailable = useTurnTimingsState(is.unavailable);
  const failed = useTurnTimingsState(is.failed);
  const error = useTurnTimingsState(is.error);
  const summary = useMemo(() => latencySummary(turns), [turns]);
  // A backend without timings: the workspace says so once for every review part (ReviewWorkspace).
  if (unavailable) return null;
  const max = summary.slowest?.latency_ms ?? 1;
  return (
    <section className="panel latency-panel" aria-labelledby="latency-title">
      <h2 id="latency-title">Response latency per turn</h2>
      {loading && <LoadingState label="Loading timings…" />}
      {failed && <OperationError error={error} onRetry={timings.retry} />}
      {!loading && !failed && turns.length === 0 && <p>No bot turn answered the caller in this conversation.</p>}
      {turns.length > 0 && (
        <>
          <dl className="latency-summary">
            <div><dt>Median</dt><dd>{ms(summary.median)}</dd></div>
            <div><dt>p90</dt><dd>{ms(summary.p90)}</dd></div>
            <div><dt>Turns</dt><dd>{turns.length}</dd></div>
          </dl>
          {summary.slowest && (
            <button type="button" className="button" onClick={() => onJump(turnSeconds(summary.slowest!, lines))}>
              {`Jump to the slowest turn (${clockOf(turnSeconds(summary.slowest, lines))}, ${ms(summary.slowest.latency_ms)})`}
            </button>
          )}
          <ReportTable label="Response latency per turn" className="latency-table">
            <caption className="visually-hidden">Each bot turn: when it started, its latency and its stages</caption>
            <thead><tr><th scope="col">Turn at</th><th scope="col">Latency</th><th scope="col" className="num">Speech to text</th><th scope="col" className="num">Model</th><th scope="col" className="num">Text to speech</th><th scope="col" className="num">Tool</th></tr></thead>
            <tbody>
              {turns.map((turn) => {
                const at = turnSeconds(turn, lines);
                return (
                  <tr key={`${turn.position}-${turn.line_id ?? ''}`} data-slowest={turn === summary.slowest ? 'true' : undefined}>
                    <th scope="row"><button type="button" className="link-button" onClick={() => onJump(at)} aria-label={`Jump to the turn at ${clockOf(at)}`}>{clockOf(at)}</button></th>
                    <td>
                      <span className="latency-bar" style={{ width: `${Math.max(4, (turn.latency_ms / max) * 100)}%` }} aria-hidden="true" />
                      {ms(turn.latency_ms)}
                    </td>
                    <td className="num">{ms(turn.stages.stt_ms)}</td>
                    <td className="num">{ms(turn.stages.llm_ms)}</td>
                    <td className="num">{ms(turn.stages.tts_ms)}</td>
                    <td className="num">{ms(turn.stages.tool_ms)}</td>
                  </tr>
                );
              })}
            </tbody>
          </ReportTable>
        </>
      )}
    </section>
  );
}
