import { Link } from 'wouter';

export interface ChartDatum {
  label: string;
  value: number;
  /** Where the figure drills down to (the filtered list behind it). */
  href?: string;
}

/** The figures of a chart as a table: what screen-reader and keyboard users read instead. */
export function ChartTable({ title, data, format, labelHeader = 'Label', valueLabel = 'Value' }: {
  title: string;
  data: readonly ChartDatum[];
  format: (n: number) => string;
  labelHeader?: string;
  valueLabel?: string;
}) {
  if (data.length === 0) return null;
  return (
    <details className="chart-table">
      <summary>{`${title} as a table`}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d, i) => (
            <tr key={`${d.label}-${i}`}>
              <th scope="row">{d.label}</th>
              <td>{d.href ? <Link href={d.href}>{format(d.value)}</Link> : format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
