import type { StatisticsActor } from '../../machines/statistics';
import type { RouteViewProps } from '../../route';
import { BreakdownPage } from './BreakdownPage';

export default function InstanceBreakdownPage({ actor }: RouteViewProps<StatisticsActor>) {
  return <BreakdownPage entity="instances" statistics={actor} />;
}
