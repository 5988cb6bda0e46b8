import type { StatisticsActor } from '../../machines/statistics';
import type { RouteViewProps } from '../../route';
import { EntityStatisticsPage } from './EntityStatisticsPage';

export default function InstanceStatisticsPage({ actor }: RouteViewProps<StatisticsActor>) {
  return <EntityStatisticsPage entity="instances" statistics={actor} />;
}
