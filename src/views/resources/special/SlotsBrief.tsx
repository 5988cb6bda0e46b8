import { useEffect } from 'react';
import type { SlotsBrief as Slots } from '../../../api/schemas/phoneNumber';
import { OperationError } from '../../common/OperationError';
import { useResourceOperation, useResource } from '../useResource';
import { ActionPanel } from './ActionPanel';

/** SPEC §7: GET /v1/{roles|instances}/{id}/slots-brief — assigned and available counts. */
export function SlotsBrief({ section, id }: { section: 'roles' | 'instances'; id: string }) {
  const resource = useResource(section);
  const slots = useResourceOperation(resource, 'slotsBrief');
  useEffect(() => {
    resource.send({ type: 'resource.action', name: 'slotsBrief', input: id });
  }, [resource, id]);
  const data = slots.succeeded ? (slots.output as Slots) : null;
  return (
    <ActionPanel title="Slots">
      <OperationError error={slots.failed ? slots.error : null} />
      {data && (
        <dl className="record-fields">
          {(['dispositions', 'scorecards'] as const).map((kind) => (
            <div key={kind} style={{ display: 'contents' }}>
              <dt>{kind === 'dispositions' ? 'Dispositions' : 'Scorecards'}</dt>
              <dd>
                {data[kind]?.assigned ?? 0} assigned, {data[kind]?.available ?? 0} available
              </dd>
            </div>
          ))}
        </dl>
      )}
    </ActionPanel>
  );
}
