import { BreakdownPage } from './BreakdownPage';

export default function InstanceBreakdownPage() {
  return <BreakdownPage entity="instances" />;
}
