import './charts.css';
import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { ChartTable } from './ChartTable';
import { useChartCursor } from './useChartCursor';
import { useColourScheme } from '../../common/useColourScheme';

export interface SeriesPoint {
  /** UTC day, `YYYY-MM-DD`. */
  date: string;
  value: number;
}

const HEIGHT = 220;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const dayOf = (seconds: number) => dayLabel.format(new Date(seconds * 1000));

/** The theme colour as the canvas needs it (custom properties do not reach a canvas). */
function themeColours(element: HTMLElement): { line: string; fill: string; grid: string; text: string } {
  const style = getComputedStyle(element);
  // The readable shade (styles.css --theme-accent): a line on white needs 3:1, which a light theme colour lacks.
  const line = style.getPropertyValue('--theme-accent').trim() || '#4f46e5';
  const hex = /^#([0-9a-f]{6})$/i.exec(line)?.[1];
  const fill = hex ? `rgba(${parseInt(hex.slice(0, 2), 16)}, ${parseInt(hex.slice(2, 4), 16)}, ${parseInt(hex.slice(4, 6), 16)}, 0.14)` : 'rgba(79, 70, 229, 0.14)';
  return { line, fill, grid: style.getPropertyValue('--border').trim() || '#d9dce6', text: style.getPropertyValue('--muted').trim() || '#5b6172' };
}

/**
 * A time series as an area chart with a date axis (uPlot, loaded with the first chart drawn, so
 * only reporting pages pay for it). Gridlines on round values, a tooltip on hover and on focus
 * (arrows move day by day), the exact figures as a table.
 */
export function TimeSeriesChart({ title, points, format, valueLabel = 'Value', onSelect }: {
  title: string;
  points: readonly SeriesPoint[];
  format: (n: number) => string;
  valueLabel?: string;
  /** Follows a day's drilldown (click or Enter). */
  onSelect?: (point: SeriesPoint) => void;
}) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [drawn, setDrawn] = useState(false);
  const cursor = useChartCursor(points.length, (i) => onSelect?.(points[i]!));
  const { setActive } = cursor;
  // The canvas takes its colours when drawn: a change of theme draws it again.
  const scheme = useColourScheme();

  useEffect(() => {
    const element = host.current;
    if (!element || points.length === 0) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const colours = themeColours(element);
        const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
        const options: uPlot.Options = {
          width: Math.max(240, element.clientWidth),
          height: HEIGHT,
          legend: { show: false },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
          series: [{}, { label: valueLabel, stroke: colours.line, width: 2, fill: colours.fill, points: { show: points.length <= 45 } }],
          axes: [
            { ...axis, values: (_u, splits) => splits.map(dayOf) },
            // Counts get whole-number gridlines (no "2.5 conversations").
            { ...axis, size: 56, values: (_u, splits) => splits.map((v) => format(v)), ...(points.every((p) => Number.isInteger(p.value)) ? { incrs: WHOLE_STEPS } : {}) },
          ],
          cursor: { y: false, points: { size: 8 } },
          hooks: {
            setCursor: [(u) => setActive(u.cursor.idx ?? null)],
          },
        };
        const data: uPlot.AlignedData = [points.map((p) => secondsOf(p.date)), points.map((p) => p.value)];
        plot.current = new UPlot(options, data, element);
        setDrawn(true);
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => plot.current?.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }));
          observer.observe(element);
        }
      })
      // Without a canvas (or the chunk) the table below still holds every figure.
      .catch(() => setDrawn(false));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot.current?.destroy();
      plot.current = null;
      setDrawn(false);
    };
  }, [points, format, valueLabel, setActive, scheme]);

  // Keyboard focus moves uPlot's cursor to the chosen day, so the crosshair and tooltip follow.
  useEffect(() => {
    const u = plot.current;
    const i = cursor.active;
    if (!u || i === null || document.activeElement !== host.current?.parentElement) return;
    const point = points[i];
    if (point) u.setCursor({ left: u.valToPos(secondsOf(point.date), 'x'), top: u.valToPos(point.value, 'y') }, false);
  }, [cursor.active, points]);

  const active = cursor.active !== null ? points[cursor.active] : undefined;
  const u = plot.current;
  const tooltipAt = active && u
    ? { left: u.over.offsetLeft + u.valToPos(secondsOf(active.date), 'x'), top: u.over.offsetTop + u.valToPos(active.value, 'y') }
    : undefined;
  const peak = points.reduce<SeriesPoint | undefined>((best, p) => (!best || p.value > best.value ? p : best), undefined);
  const summary = points.length
    ? `${title}: ${points.length} days from ${points[0]!.date} to ${points[points.length - 1]!.date}; highest ${format(peak!.value)} (${peak!.date}).`
    : `${title}: no data.`;

  return (
    <figure className="chart chart-series-time" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      {points.length === 0 ? (
        <p className="chart-empty">No data for this range.</p>
      ) : (
        <div
          className={`chart-plot${onSelect ? ' is-link' : ''}`}
          role="img"
          aria-label={summary}
          tabIndex={0}
          data-drawn={drawn || undefined}
          {...cursor.handlers}
          onClick={() => active && onSelect?.(active)}
        >
          <div ref={host} className="chart-canvas" style={{ minHeight: HEIGHT }} />
          {active && tooltipAt && (
            <span className="chart-tooltip" aria-hidden="true" style={{ left: tooltipAt.left, top: tooltipAt.top }}>
              <strong>{fullDay.format(new Date(secondsOf(active.date) * 1000))}</strong> {`${valueLabel}: ${format(active.value)}`}
            </span>
          )}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">{active ? `${active.date}: ${format(active.value)}` : ''}</p>
      <ChartTable title={title} data={points.map((p) => ({ label: p.date, value: p.value }))} format={format} labelHeader="Day" valueLabel={valueLabel} />
    </figure>
  );
}
