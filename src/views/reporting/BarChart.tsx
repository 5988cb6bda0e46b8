import { useId } from 'react';

export interface ChartDatum {
  label: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 44 };

/**
 * A hand-written SVG bar chart. The picture is one `role="img"` with a text summary; the exact
 * figures are in a data table beside it, so screen-reader and keyboard users lose nothing.
 */
export function BarChart({ title, data, format, valueLabel = 'Value' }: { title: string; data: readonly ChartDatum[]; format: (n: number) => string; valueLabel?: string }) {
  const id = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = data.length ? innerW / data.length : innerW;
  const barW = Math.max(1, step * 0.7);
  const y = (v: number) => PAD.top + innerH - (max > 0 ? (v / max) * innerH : 0);
  // Label at most ~10 ticks so the axis stays legible however many bars there are.
  const every = Math.max(1, Math.ceil(data.length / 10));
  const peak = data.reduce<ChartDatum | undefined>((best, d) => (!best || d.value > best.value ? d : best), undefined);
  const summary = data.length
    ? `${title}: ${data.length} bars from ${data[0]!.label} to ${data[data.length - 1]!.label}; highest ${peak ? `${format(peak.value)} (${peak.label})` : 'none'}.`
    : `${title}: no data.`;

  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      {data.length === 0 ? (
        <p className="chart-empty">No data for this range.</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="chart-axis" />
          <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="chart-tick">
            {format(max)}
          </text>
          <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className="chart-tick">
            {format(0)}
          </text>
          {data.map((d, i) => (
            <g key={`${d.label}-${i}`}>
              <rect x={PAD.left + i * step + (step - barW) / 2} y={y(d.value)} width={barW} height={PAD.top + innerH - y(d.value)} className="chart-bar">
                <title>{`${d.label}: ${format(d.value)}`}</title>
              </rect>
              {i % every === 0 && (
                <text x={PAD.left + i * step + step / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-tick">
                  {d.label}
                </text>
              )}
            </g>
          ))}
        </svg>
      )}
      {data.length > 0 && (
        <details className="chart-table">
          <summary>{`${title} as a table`}</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d, i) => (
                <tr key={`${d.label}-${i}`}>
                  <th scope="row">{d.label}</th>
                  <td>{format(d.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
