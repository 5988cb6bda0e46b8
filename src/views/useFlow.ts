import { useEffect, useState } from 'react';
import { closeFlow, openFlow, type FlowActor, type FlowInput, type FlowName } from '../machines/areas/flows';
import { usePortal } from './PortalContext';

/** A flow that needs nothing from its page (its summary is its own) is opened by name alone. */
type FlowArgs<N extends FlowName> = undefined extends FlowInput<N> ? [input?: FlowInput<N>] : [input: FlowInput<N>];

/**
 * The page's flow as an actor of the system (`flow:<name>`, listed by the inspector), opened with
 * `input` when the page mounts and stopped when it unmounts, so every visit starts afresh.
 */
export function useFlow<N extends FlowName>(name: N, ...[input]: FlowArgs<N>): FlowActor<N> {
  const portal = usePortal();
  const [flow, setFlow] = useState(() => openFlow(portal, name, input as FlowInput<N>));
  useEffect(() => {
    // A remount (or React's strict double effect) finds the flow closed: open a new one.
    const current = openFlow(portal, name, input as FlowInput<N>);
    if (current !== flow) setFlow(current);
    return () => closeFlow(portal, name);
    // The input is read when the flow opens, like useActorRef's.
  }, [portal, name]); // eslint-disable-line react-hooks/exhaustive-deps
  return flow;
}
