import { GRADES, type Grade } from '../../../api/schemas/reporting';
import { formatNumber } from '../../../format/number';
import { BarChart, type ChartDatum } from './BarChart';

/** The conversations per grade of a statistic (overview, breakdowns): each bar opens those conversations. */
export function GradeChart({ grades, hrefOf, onSelect }: { grades: Record<Grade, number>; hrefOf: (grade: Grade) => string; onSelect: (datum: ChartDatum) => void }) {
  return (
    <BarChart
      title="Conversations by grade"
      valueLabel="Conversations"
      labelHeader="Grade"
      format={formatNumber}
      data={GRADES.map((g) => ({ label: g, value: grades[g], href: hrefOf(g) }))}
      onSelect={onSelect}
    />
  );
}

/** The conversations per disposition of a statistic, as labelled horizontal bars. */
export function DispositionChart({ data, onSelect }: { data: readonly ChartDatum[]; onSelect: (datum: ChartDatum) => void }) {
  return <BarChart title="Conversations by disposition" orientation="horizontal" valueLabel="Conversations" labelHeader="Disposition" format={formatNumber} data={data} onSelect={onSelect} />;
}
