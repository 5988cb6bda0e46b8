import { EntityStatisticsPage } from './EntityStatisticsPage';

export default function InstanceStatisticsPage() {
  return <EntityStatisticsPage entity="instances" />;
}
