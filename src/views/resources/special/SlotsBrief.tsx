import { useEffect } from 'react';
import { Link } from 'wouter';
import type { SlotsBrief as Slots } from '../../../api/schemas/phoneNumber';
import { formatNumber } from '../../../format/number';
import { resourceApi } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { OperationError } from '../../common/OperationError';
import { useResourceOperation, useResource } from '../../actors/useResource';
import { ActionPanel } from './ActionPanel';

const KINDS = [
  { key: 'dispositions', label: 'Dispositions' },
  { key: 'scorecards', label: 'Scorecards' },
] as const;

/**
 * SPEC §7: GET /v1/{roles|instances}/{id}/slots-brief — assigned and available counts, each
 * assigned count a link to the tab that lists every one of them.
 */
export function SlotsBrief({ section, id }: { section: 'roles' | 'instances'; id: string }) {
  const resource = useResource(section);
  const { runAction } = useActorApi(resource, resourceApi);
  const slots = useResourceOperation(resource, 'slotsBrief');
  useEffect(() => {
    runAction('slotsBrief', id);
  }, [runAction, id]);
  const data = slots.succeeded ? (slots.output as Slots) : null;
  return (
    <ActionPanel title="Slots">
      <OperationError error={slots.failed ? slots.error : null} onRetry={() => runAction('slotsBrief', id)} />
      {data && (
        <dl className="record-fields">
          {KINDS.map(({ key, label }) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>
                <Link href={`/${section}/${encodeURIComponent(id)}/${key}`}>{formatNumber(data[key]?.assigned ?? 0)} assigned</Link>, {formatNumber(data[key]?.available ?? 0)} available
              </dd>
            </div>
          ))}
        </dl>
      )}
    </ActionPanel>
  );
}
