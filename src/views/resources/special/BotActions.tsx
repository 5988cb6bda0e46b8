import { Link } from 'wouter';
import type { ResourceRecord } from '../../../api/resources';
import { useCan } from '../../PortalContext';
import { resourceApi } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { useResourceOperation, useResource } from '../../actors/useResource';
import { ActionPanel, Outcome } from './ActionPanel';

/** Bot duplicate (its own route) and export (download with the server's file name). */
export function BotActions({ bot }: { bot: ResourceRecord }) {
  const bots = useResource('bots');
  const exporting = useResourceOperation(bots, 'exportBot');
  const { runAction } = useActorApi(bots, resourceApi);
  const canAdd = useCan('Bots', 'add');
  return (
    <ActionPanel title="Bot actions">
      <div className="page-actions">
        {canAdd && (
          <Link href={`/bots/${bot.id}/duplicate`} className="button">
            Duplicate bot
          </Link>
        )}
        <button type="button" className="button" disabled={exporting.loading} onClick={() => runAction('exportBot', bot.id)}>
          {exporting.loading ? 'Exporting…' : 'Export bot'}
        </button>
      </div>
      <Outcome op={exporting} success={typeof exporting.output === 'string' ? `Downloaded ${exporting.output}` : 'Downloaded.'} />
    </ActionPanel>
  );
}
