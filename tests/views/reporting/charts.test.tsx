import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { formatNumber } from '../../../src/format/number';
import { BarChart, type ChartDatum } from '../../../src/views/reporting/charts/BarChart';
import { TimeSeriesChart } from '../../../src/views/reporting/charts/TimeSeriesChart';

const rankings: ChartDatum[] = [
  { label: 'Support', value: 1234, href: '/reporting/roles/breakdown?role=2' },
  { label: 'Sales', value: 310, href: '/reporting/roles/breakdown?role=3' },
  { label: 'A role with a very long name that does not fit', value: 7 },
];

describe('bar chart', () => {
  test('horizontal bars: labels, counts, round gridlines, a summary for the picture and a table', () => {
    render(<BarChart title="Role rankings" data={rankings} format={formatNumber} valueLabel="Conversations" labelHeader="Role" orientation="horizontal" />);
    const picture = screen.getByRole('img', { name: 'Role rankings: 3 bars from Support to A role with a very long name that does not fit; highest 1,234 (Support).' });
    expect(within(picture).getByText('1,234')).toBeInTheDocument();
    expect(within(picture).getByText('Sales')).toBeInTheDocument();
    expect(within(picture).getByText('1,250')).toHaveClass('chart-tick');
    const table = screen.getByText('Role rankings as a table').closest('details')!;
    expect(within(table).getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '1,234' })).toHaveAttribute('href', '/reporting/roles/breakdown?role=2');
    expect(within(table).getByRole('row', { name: 'A role with a very long name that does not fit 7' })).toBeInTheDocument();
  });

  test('hover shows a tooltip; focus and arrows announce each bar; Enter and click follow its drilldown', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<BarChart title="Role rankings" data={rankings} format={formatNumber} valueLabel="Conversations" orientation="horizontal" onSelect={onSelect} />);
    const picture = screen.getByRole('img', { name: /^Role rankings/ });
    fireEvent.mouseEnter(within(picture).getByText('Sales').closest('li')!);
    expect(picture.querySelector('.chart-tooltip')).toHaveTextContent('Sales Conversations: 310');
    fireEvent.mouseLeave(picture);
    expect(picture.querySelector('.chart-tooltip')).toBeNull();

    await user.tab();
    expect(picture).toHaveFocus();
    expect(screen.getByText('Support: 1,234')).toHaveAttribute('aria-live', 'polite');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('Sales: 310')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(rankings[1]);
    await user.keyboard('{End}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1); // the last bar has no drilldown
    await user.click(within(picture).getByText('Support'));
    expect(onSelect).toHaveBeenLastCalledWith(rankings[0]);
  });

  test('vertical bars for grades; no data says so', () => {
    const { rerender } = render(<BarChart title="Conversations by grade" data={['A', 'B', 'C', 'D', 'F'].map((label, i) => ({ label, value: 5 - i }))} format={formatNumber} />);
    expect(screen.getByRole('img', { name: 'Conversations by grade: 5 bars from A to F; highest 5 (A).' })).toBeInTheDocument();
    rerender(<BarChart title="Conversations by grade" data={[]} format={formatNumber} />);
    expect(screen.getByText('No data for this range.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('time series chart', () => {
  const points = [
    { date: '2026-11-18', value: 2 },
    { date: '2026-11-19', value: 9 },
    { date: '2026-11-20', value: 4 },
  ];

  test('the picture has a summary, the table every day; the keyboard walks the days and Enter drills down', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<TimeSeriesChart title="Conversations per day" points={points} format={formatNumber} valueLabel="Conversations" onSelect={onSelect} />);
    const picture = screen.getByRole('img', { name: 'Conversations per day: 3 days from 2026-11-18 to 2026-11-20; highest 9 (2026-11-19).' });
    const table = screen.getByText('Conversations per day as a table').closest('details')!;
    expect(within(table).getByRole('columnheader', { name: 'Day' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '2026-11-19 9' })).toBeInTheDocument();
    await user.tab();
    expect(picture).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2026-11-19: 9')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(points[1]);
  });
});
