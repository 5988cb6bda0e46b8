import './charts.css';
import { useId } from 'react';
import { ChartTable, type ChartDatum } from './ChartTable';
import { chartSummary, niceTicks } from './scale';
import { useChartCursor } from './useChartCursor';

export type { ChartDatum } from './ChartTable';

/**
 * Bars people can read, drawn with HTML and CSS (no chart library needed for categories):
 * vertical bars for a few categories (grades), horizontal bars with their labels for rankings and
 * long names. Gridlines on round numbers, the count on each bar, a tooltip on hover and on focus,
 * and the same figures as a table. A bar with an `href` drills down when clicked (or Enter).
 */
export function BarChart({
  title,
  data,
  format,
  valueLabel = 'Value',
  labelHeader = 'Label',
  orientation = 'vertical',
  onSelect,
}: {
  title: string;
  data: readonly ChartDatum[];
  format: (n: number) => string;
  valueLabel?: string;
  labelHeader?: string;
  orientation?: 'vertical' | 'horizontal';
  /** Follows a bar's drilldown; bars without `href` are not followed. */
  onSelect?: (datum: ChartDatum) => void;
}) {
  const id = useId();
  const ticks = niceTicks(Math.max(0, ...data.map((d) => d.value)));
  const top = ticks[ticks.length - 1]!;
  const share = (value: number) => `${top > 0 ? (Math.max(0, value) / top) * 100 : 0}%`;
  const follow = (i: number) => {
    const datum = data[i];
    if (datum?.href && onSelect) onSelect(datum);
  };
  const cursor = useChartCursor(data.length, follow);
  const active = cursor.active !== null ? data[cursor.active] : undefined;
  const horizontal = orientation === 'horizontal';

  return (
    <figure className={`chart chart-bars chart-${orientation}`} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      {data.length === 0 ? (
        <p className="chart-empty">No data for this range.</p>
      ) : (
        <div className="chart-plot" role="img" aria-label={chartSummary(title, data, format)} tabIndex={0} {...cursor.handlers}>
          <div className="chart-grid" aria-hidden="true">
            {ticks.map((tick) => (
              <span key={tick} className="chart-gridline" style={horizontal ? { left: share(tick) } : { bottom: share(tick) }}>
                <span className="chart-tick">{format(tick)}</span>
              </span>
            ))}
          </div>
          <ol className="chart-series">
            {data.map((d, i) => (
              <li
                key={`${d.label}-${i}`}
                className={`chart-item${cursor.active === i ? ' is-active' : ''}${d.href && onSelect ? ' is-link' : ''}`}
                onMouseEnter={() => cursor.setActive(i)}
                onClick={() => follow(i)}
              >
                <span className="chart-label" title={d.label}>{d.label}</span>
                <span className="chart-track">
                  <span className="chart-bar" style={horizontal ? { width: share(d.value) } : { height: share(d.value) }} />
                  <span className="chart-value" style={horizontal ? { left: share(d.value) } : { bottom: share(d.value) }}>{format(d.value)}</span>
                </span>
              </li>
            ))}
          </ol>
          {active && (
            <span className="chart-tooltip" aria-hidden="true">
              <strong>{active.label}</strong> {`${valueLabel}: ${format(active.value)}`}
            </span>
          )}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">{active ? `${active.label}: ${format(active.value)}` : ''}</p>
      <ChartTable title={title} data={data} format={format} labelHeader={labelHeader} valueLabel={valueLabel} />
    </figure>
  );
}
